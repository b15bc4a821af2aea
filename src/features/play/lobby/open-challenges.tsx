/** The member's open challenges on /play/online/new: incoming ones to accept or decline, outgoing ones to cancel. */
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { ChallengeView } from "../play.schema.ts";
import { colorText, termsText } from "./terms-text.ts";

export interface OpenChallengesProps {
  readonly challenges: readonly ChallengeView[];
  readonly viewer: string;
  readonly busy: boolean;
  readonly onAccept: (challenge: ChallengeView) => void;
  readonly onDecline: (challenge: ChallengeView) => void;
  readonly onCancel: (challenge: ChallengeView) => void;
}

export function OpenChallenges({ challenges, viewer, busy, onAccept, onDecline, onCancel }: OpenChallengesProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `play.lobby.${key}` }, values);
  const incoming = challenges.filter((challenge) => challenge.challenged.toLowerCase() === viewer.toLowerCase());
  const outgoing = challenges.filter((challenge) => challenge.challenger.toLowerCase() === viewer.toLowerCase());
  if (challenges.length === 0) return null;
  return (
    <section className="ks-card ks-play-section" aria-labelledby="ks-open-challenges">
      <h2 id="ks-open-challenges">{t("challenges.heading")}</h2>
      {incoming.length > 0 && (
        <>
          <h3>{t("challenges.incoming")}</h3>
          <ul className="ks-play-list" role="list">
            {incoming.map((challenge) => (
              <li key={challenge.id} className="ks-play-list-item">
                <span>
                  <strong>{challenge.challenger}</strong>{" "}
                  <span className="ks-muted">
                    {termsText(intl, challenge.terms)} · {colorText(intl, challenge.terms.color, "theirs")}
                  </span>
                </span>
                <span className="ks-actions">
                  <button type="button" className="ks-button ks-button-primary" disabled={busy} onClick={() => onAccept(challenge)} aria-label={t("challenges.accept_label", { username: challenge.challenger })}>
                    {t("accept")}
                  </button>
                  <button type="button" className="ks-button" disabled={busy} onClick={() => onDecline(challenge)} aria-label={t("challenges.decline_label", { username: challenge.challenger })}>
                    {t("decline")}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <h3>{t("challenges.outgoing")}</h3>
          <ul className="ks-play-list" role="list">
            {outgoing.map((challenge) => (
              <li key={challenge.id} className="ks-play-list-item">
                <span>
                  <strong>{challenge.challenged}</strong>{" "}
                  <span className="ks-muted">
                    {termsText(intl, challenge.terms)} · {colorText(intl, challenge.terms.color, "mine")}
                  </span>
                </span>
                <button type="button" className="ks-button ks-button-quiet" disabled={busy} onClick={() => onCancel(challenge)} aria-label={t("challenges.cancel_label", { username: challenge.challenged })}>
                  {t("cancel")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
