import { useEffect, useState } from "react";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import type { SwissLive } from "../tournaments.schema.ts";

/** How often an open Swiss page asks for the crosstable (as the arena page: decision 0047). */
const POLL_MS = 3_000;

/** The Swiss's live part: the server's first answer, then polled while it is not finished. */
export function useSwissLive(url: string, initial: SwissLive): SwissLive {
  const http = useHttpClient();
  const [live, setLive] = useState(initial);
  const finished = live.status === "finished";
  useEffect(() => {
    if (finished) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.hidden) return;
      http
        .request<SwissLive>("GET", `/callback/tournament/swiss/${url}/live`, { quiet: true })
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
