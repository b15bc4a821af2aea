import { useEffect, useState } from "react";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import type { ArenaLive } from "../tournaments.schema.ts";

/** How often an open arena page asks for the standings (a cookie-quiet read: decision 0047). */
const POLL_MS = 3_000;

/** The arena's live part: the server's first answer, then polled while the arena is not finished. */
export function useArenaLive(url: string, initial: ArenaLive): ArenaLive {
  const http = useHttpClient();
  const [live, setLive] = useState(initial);
  const finished = live.status === "finished";
  useEffect(() => {
    if (finished) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.hidden) return;
      http
        .request<ArenaLive>("GET", `/callback/tournament/arena/${url}/live`, { quiet: true })
        .then((answer) => !stopped && setLive(answer))
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [http, url, finished]);
  return live;
}
