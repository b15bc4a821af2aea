import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";

/** "47:05:09": whole hours, then minutes and seconds, for a countdown that may run for days. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/**
 * A match's start (decision 0076): the server renders the time itself, in
 * UTC, so the page says when without JavaScript; once hydrated, the island
 * counts down to it every second, and says "Starting now" when it is due
 * (the page's own polling then shows the boards).
 */
export function StartCountdown({ startsAt }: { readonly startsAt: string }) {
  const intl = useIntl();
  // Null on the server and in the first browser render, so hydration sees the same markup.
  const [now, setNow] = useState<number | null>(null);
  const target = Date.parse(startsAt);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // The first tick right after hydration, then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const shown = new Date(target).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  return (
    <p className="ks-team-matches__countdown" data-testid="match-countdown">
      <time dateTime={startsAt}>{intl.formatMessage({ id: "team_matches.match.starts_at" }, { time: shown })}</time>
      {now !== null && (
        <>
          {" · "}
          <span role="timer" data-testid="match-countdown-clock">
            {target - now > 0 ? intl.formatMessage({ id: "team_matches.match.countdown_clock" }, { time: countdownText(target - now) }) : intl.formatMessage({ id: "team_matches.match.countdown_due" })}
          </span>
        </>
      )}
    </p>
  );
}
