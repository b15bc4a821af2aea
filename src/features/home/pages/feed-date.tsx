import { useIntl } from "../../../platform/i18n/intl.tsx";

/**
 * When something happened, as a date (UTC, so the server's HTML and the
 * browser's render agree): the home's news needs no ticking "minutes ago",
 * and RelativeTime's chunk would push a signed-in /home past its budget.
 */
export function FeedDate({ at }: { at: string }) {
  const intl = useIntl();
  return (
    <time className="ks-muted" dateTime={at} title={intl.formatDate(at, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })}>
      {intl.formatDate(at, { dateStyle: "medium", timeZone: "UTC" })}
    </time>
  );
}
