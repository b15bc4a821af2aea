import { useEffect, useState } from "react";
import { useIntl } from "../platform/i18n/intl.tsx";
import { refreshIntervalMs, relativeTimeParts } from "./relative-time-parts.ts";

export { relativeTimeParts, relativeTimeLimitMs, type RelativeTimeParts } from "./relative-time-parts.ts";

export interface RelativeTimeProps {
  /** The moment: a Date, epoch milliseconds or an ISO string. */
  date: Date | number | string;
  /** "Now" for the reading; by default the clock, refreshed while shown. */
  now?: Date | number;
  className?: string;
}

/**
 * "3 minutes ago" (Intl.RelativeTimeFormat through our intl module), or beyond
 * about a month the date (medium style). A <time> element whose title is the
 * full date and time.
 */
export function RelativeTime({ date, now, className }: RelativeTimeProps) {
  const intl = useIntl();
  const moment = date instanceof Date ? date : new Date(date);
  const [clock, setClock] = useState(() => Date.now());
  const reference = now ?? clock;
  const parts = relativeTimeParts(moment, reference);
  const interval = now === undefined ? refreshIntervalMs(parts) : null;

  useEffect(() => {
    if (interval === null) return;
    const timer = setInterval(() => setClock(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);

  if (Number.isNaN(moment.getTime())) return null;

  const text =
    parts.kind === "relative"
      ? intl.formatRelativeTime(parts.value, parts.unit, { numeric: "auto" })
      : intl.formatDate(moment, { dateStyle: "medium" });

  return (
    <time
      className={className ? `ks-relative-time ${className}` : "ks-relative-time"}
      dateTime={moment.toISOString()}
      title={intl.formatDate(moment, { dateStyle: "full", timeStyle: "short" })}
      // The server's clock and time zone differ from the reader's; the client's reading wins.
      suppressHydrationWarning
    >
      {text}
    </time>
  );
}
