import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { TermsView } from "../team-matches.schema.ts";

/** "Daily, 3 days per move, 10 boards · Starts …", or "· Started …" with the moment a match really started. */
export function TermsSummary({ terms, startedAt = null }: { terms: TermsView; startedAt?: string | null }) {
  const intl = useIntl();
  const kind =
    terms.kind === "daily"
      ? intl.formatMessage({ id: "team_matches.terms.summary_daily" }, { days: terms.daysPerMove ?? 0, boards: terms.maxBoards })
      : intl.formatMessage({ id: "team_matches.terms.summary_live" }, { minutes: (terms.baseSeconds ?? 0) / 60, increment: terms.incrementSeconds ?? 0, boards: terms.maxBoards });
  const utc = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const starts = startedAt === null ? intl.formatMessage({ id: "team_matches.terms.starts_at" }, { time: utc(terms.startsAt) }) : intl.formatMessage({ id: "team_matches.terms.started_at" }, { time: utc(startedAt) });
  return (
    <span className="ks-team-matches__terms-summary">
      {kind}
      {terms.rules === "chess960" ? ` · ${intl.formatMessage({ id: "team_matches.terms.chess960" })}` : ""} · {starts}
    </span>
  );
}
