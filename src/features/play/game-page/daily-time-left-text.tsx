import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { DAILY_TIME_LEFT_REFRESH_MS, dailyTimeLeft, dailyTimeLeftMessage } from "./daily-time-left.ts";

/** The absolute deadline on hover: the server writes it in UTC (it cannot know the reader's zone), the browser in its own once hydrated. */
const deadlineFormat = { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;

interface DailyTimeLeftProps {
  /** ISO date-time of the deadline. */
  readonly deadlineAt: string;
  readonly className?: string;
  /** "Now" for the reading (tests); by default the clock, read again every 30 s. */
  readonly now?: number;
}

/**
 * A daily move's time left ("3 days", "2 days 23 hours", "5 hours 12 minutes",
 * "42 minutes"), as a <time> whose title is the deadline in the reader's time
 * zone. The server's reading and the browser's differ by the page's travel and
 * their zones: hydration keeps the server's text (the browser's clock takes
 * over at the next tick) and title (UTC, named), and the browser's own zone
 * follows right after hydration.
 */
export function DailyTimeLeftText({ deadlineAt, className, now }: DailyTimeLeftProps) {
  const intl = useIntl();
  const hydrated = useIsClient();
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    if (now !== undefined) return;
    const timer = setInterval(() => setClock(Date.now()), DAILY_TIME_LEFT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [now]);
  const deadline = Date.parse(deadlineAt);
  if (Number.isNaN(deadline)) return null;
  const message = dailyTimeLeftMessage(dailyTimeLeft(deadline, now ?? clock));
  return (
    <time
      className={className}
      dateTime={deadlineAt}
      title={intl.formatDate(deadline, hydrated ? deadlineFormat : { ...deadlineFormat, timeZone: "UTC" })}
      // The server's clock and the browser's differ by the page's travel: hydration keeps the served text.
      suppressHydrationWarning
    >
      {intl.formatMessage({ id: message.id }, message.values)}
    </time>
  );
}

/**
 * A daily player's time: the side to move's time left to its deadline; the
 * other side's whole allowance, which starts again with its turn; the
 * allowance per move once the game is over.
 */
export function DailyClock({ daysPerMove, deadlineAt, inPlay }: { readonly daysPerMove: number; readonly deadlineAt: string | null; readonly inPlay: boolean }) {
  const intl = useIntl();
  const className = "ks-game-clock ks-game-clock-daily";
  if (deadlineAt) return <DailyTimeLeftText deadlineAt={deadlineAt} className={`${className} ks-game-clock-running`} />;
  if (!inPlay) return <span className={className}>{intl.formatMessage({ id: "game.control.daily" }, { days: daysPerMove })}</span>;
  const allowance = dailyTimeLeftMessage({ unit: "days", days: daysPerMove, hours: 0 });
  return <span className={className}>{intl.formatMessage({ id: allowance.id }, allowance.values)}</span>;
}
