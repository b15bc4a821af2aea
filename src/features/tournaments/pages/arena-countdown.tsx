import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { ArenaStatus } from "../tournaments.schema.ts";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** h:mm:ss or m:ss left. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes}:${twoDigits(seconds)}`;
}

/** The time to the start (upcoming) or to the end (running), on the server's clock. */
export function ArenaCountdown({ status, startsAt, endsAt, serverNow }: { readonly status: ArenaStatus; readonly startsAt: string; readonly endsAt: string; readonly serverNow: string }) {
  const intl = useIntl();
  // The server's clock minus this browser's, so that a wrong local clock shows the right time left.
  const [skewMs] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  useEffect(() => {
    if (status === "finished" || status === "ending") return;
    const timer = setInterval(() => setNow(Date.now() + skewMs), 1_000);
    return () => clearInterval(timer);
  }, [status, skewMs]);
  if (status === "finished") return <p className="ks-arena__countdown">{intl.formatMessage({ id: "tournaments.arena.finished" })}</p>;
  if (status === "ending") return <p className="ks-arena__countdown">{intl.formatMessage({ id: "tournaments.arena.ending" })}</p>;
  const target = new Date(status === "upcoming" ? startsAt : endsAt).getTime();
  return (
    <p className="ks-arena__countdown" role="timer" aria-live="off">
      {intl.formatMessage({ id: status === "upcoming" ? "tournaments.arena.starts_in" : "tournaments.arena.ends_in" }, { time: formatLeft(target - now) })}
    </p>
  );
}
