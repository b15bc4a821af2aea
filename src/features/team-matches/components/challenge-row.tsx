import { PostButtonForm } from "../../../platform/security/post-button-form.tsx";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { ChallengeView } from "../team-matches.schema.ts";
import { TermsSummary } from "./terms-summary.tsx";

/** A team-match answer or action as a one-button form (challenges, sign-up, start). */
export function ActionForm(props: { action: string; back: string; label: string; testId: string }) {
  return <PostButtonForm {...props} className="ks-team-matches__action" />;
}

/** A pending challenge, with the answers the viewer may give (the server decides again). */
export function ChallengeRow({ challenge, back }: { challenge: ChallengeView; back: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li className="ks-card ks-team-matches__challenge" data-testid="challenge">
      <strong>{challenge.name}</strong>
      <span>{t("team_matches.challenges.vs", { challenger: challenge.challenger.name, opponent: challenge.opponent.name })}</span>
      <TermsSummary terms={challenge.terms} />
      {challenge.canAnswer && (
        <>
          <ActionForm action={`/callback/clubs/match_challenge/${challenge.id}/accept/${challenge.opponent.id}`} back={back} label={t("team_matches.challenges.accept")} testId="accept-challenge" />
          <ActionForm action={`/callback/clubs/match_challenge/${challenge.id}/decline`} back={back} label={t("team_matches.challenges.decline")} testId="decline-challenge" />
        </>
      )}
      {challenge.canDelete && <ActionForm action={`/callback/clubs/match_challenge/${challenge.id}/delete`} back={back} label={t("team_matches.challenges.delete")} testId="delete-challenge" />}
    </li>
  );
}
