import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { TermsView } from "../team-matches.schema.ts";

/** "Daily, 3 days per move, 10 boards · Starts …" */
export function TermsSummary({ terms }: { terms: TermsView }) {
  const intl = useIntl();
  const kind =
    terms.kind === "daily"
      ? intl.formatMessage({ id: "team_matches.terms.summary_daily" }, { days: terms.daysPerMove ?? 0, boards: terms.maxBoards })
      : intl.formatMessage({ id: "team_matches.terms.summary_live" }, { minutes: (terms.baseSeconds ?? 0) / 60, increment: terms.incrementSeconds ?? 0, boards: terms.maxBoards });
  const starts = intl.formatMessage({ id: "team_matches.terms.starts_at" }, { time: new Date(terms.startsAt).toISOString().slice(0, 16).replace("T", " ") + " UTC" });
  return (
    <span className="ks-team-matches__terms-summary">
      {kind}
      {terms.rules === "chess960" ? ` · ${intl.formatMessage({ id: "team_matches.terms.chess960" })}` : ""} · {starts}
    </span>
  );
}
