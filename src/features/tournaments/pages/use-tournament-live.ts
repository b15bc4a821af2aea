import { useEffect, useState } from "react";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";

/** How often an open tournament page asks for its live part (a cookie-quiet read: decision 0047). */
const POLL_MS = 3_000;

/**
 * A tournament page's live part (an arena's standings, a Swiss's crosstable):
 * the server's first answer, then `path` polled every 3 s while the tab is
 * visible, until the tournament is finished.
 */
export function useTournamentLive<Live extends { readonly status: string }>(path: string, initial: Live): Live {
  const http = useHttpClient();
  const [live, setLive] = useState(initial);
  const finished = live.status === "finished";
  useEffect(() => {
    if (finished) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.hidden) return;
      http
        .request<Live>("GET", path, { quiet: true })
        .then((answer) => !stopped && setLive(answer))
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [http, path, finished]);
  return live;
}
