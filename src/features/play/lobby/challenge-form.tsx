/**
 * /play/online/new?opponent={username}: the challenge form for one member.
 * Online: a challenge of the chosen terms, then "waiting" with Cancel until
 * they answer (accepted: the layer opens the game; declined: a clear notice).
 * Offline: the offline-challenge modal (spec 001 §2.5) sends a daily
 * challenge they can answer when they return. The server refuses blocks.
 */
import { useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { Modal } from "../../../ui/modal.tsx";
import { usePresence } from "../../presence/use-presence.ts";
import { challengeDeclinedEvent } from "../play.events.ts";
import type { ChallengeView } from "../play.schema.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { refusalMessageId } from "./play-commands.ts";
import { usePlayEvents } from "./play-live.tsx";
import { allowedState, defaultTermsForm, forOfflineChallenge, termsOf, type TermsFormError, type TermsFormState } from "./terms-form-state.ts";
import { TermsFields } from "./terms-fields.tsx";
import { termsText } from "./terms-text.ts";

export interface ChallengeFormProps {
  readonly opponent: { readonly id: number; readonly username: string; readonly online: boolean };
  readonly isGuest: boolean;
  /** The member's open challenge to this opponent, if the page found one. */
  readonly pending: ChallengeView | null;
  readonly onChanged: () => void;
}

type Stage = { readonly kind: "form" } | { readonly kind: "pending"; readonly challenge: ChallengeView } | { readonly kind: "declined" };

export function ChallengeForm({ opponent, isGuest, pending, onChanged }: ChallengeFormProps) {
  const intl = useIntl();
  const command = useSocketCommand();
  const [state, setState] = useState<TermsFormState>(() => allowedState(defaultTermsForm, isGuest));
  const [offlineState, setOfflineState] = useState<TermsFormState | null>(null);
  const [stage, setStage] = useState<Stage>(pending ? { kind: "pending", challenge: pending } : { kind: "form" });
  const [fieldError, setFieldError] = useState<TermsFormError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const presence = usePresence([opponent.id]);
  const live = presence.presence?.get(opponent.id);
  const online = live ? live.status === "online" : opponent.online;
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `play.lobby.${key}` }, values);

  usePlayEvents((event) => {
    const declined = eventPayload(challengeDeclinedEvent, event);
    if (declined && stage.kind === "pending" && declined.id === stage.challenge.id) setStage({ kind: "declined" });
  });

  async function send(form: TermsFormState): Promise<boolean> {
    const terms = termsOf(allowedState(form, isGuest));
    if (!terms.ok) {
      setFieldError(terms.error);
      return false;
    }
    setFieldError(null);
    setRefusal(null);
    setBusy(true);
    const answer = await command("challenge.create", { opponent: opponent.username, terms: terms.value });
    setBusy(false);
    if (!answer.ok) {
      setRefusal(refusalMessageId(answer.error));
      return false;
    }
    setStage({ kind: "pending", challenge: answer.value });
    onChanged();
    return true;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // A member who is away gets a daily challenge instead (guests cannot play daily games: the server says so).
    if (!online && !isGuest) {
      setOfflineState(forOfflineChallenge(state));
      return;
    }
    void send(state);
  }

  async function handleCancel(challenge: ChallengeView) {
    setBusy(true);
    const answer = await command("challenge.cancel", { id: challenge.id });
    setBusy(false);
    if (!answer.ok && answer.error !== "challenge_gone") {
      setRefusal(refusalMessageId(answer.error));
      return;
    }
    setStage({ kind: "form" });
    onChanged();
  }

  const heading = (
    <h2 id="ks-challenge-heading">
      {t("challenge.heading", { username: opponent.username })}{" "}
      <span className={online ? "ks-presence-pill ks-presence-online" : "ks-presence-pill"}>{t(online ? "challenge.online" : "challenge.offline")}</span>
    </h2>
  );

  if (stage.kind === "pending") {
    return (
      <section className="ks-card ks-form ks-seek-form" aria-labelledby="ks-challenge-heading">
        {heading}
        <div className="ks-seek-waiting" role="status">
          <p className="ks-play-notice-title">
            <span className="ks-spinner" aria-hidden="true" /> {t("challenge.pending", { username: opponent.username })}
          </p>
          <p className="ks-muted">{termsText(intl, stage.challenge.terms)}</p>
        </div>
        {refusal && (
          <p className="ks-form-error" role="alert">
            {intl.formatMessage({ id: refusal })}
          </p>
        )}
        <div className="ks-actions">
          <button type="button" className="ks-button" disabled={busy} onClick={() => void handleCancel(stage.challenge)}>
            {t("challenge.cancel")}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="ks-card ks-form ks-seek-form" onSubmit={handleSubmit} aria-labelledby="ks-challenge-heading" noValidate>
      {heading}
      {stage.kind === "declined" && (
        <p className="ks-form-error" role="alert">
          {t("notice.declined", { username: opponent.username })}
        </p>
      )}
      {isGuest && <p className="ks-field-hint ks-guest-note">{t("seek.guest_note")}</p>}
      {!online && !isGuest && <p className="ks-field-hint">{t("challenge.offline_note", { username: opponent.username })}</p>}
      <TermsFields state={state} onChange={setState} isGuest={isGuest} withRange={false} error={fieldError} />
      {refusal && offlineState === null && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: refusal })}
        </p>
      )}
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary ks-button-large" disabled={busy}>
          {t(stage.kind === "declined" ? "challenge.again" : "challenge.send")}
        </button>
      </div>
      {offlineState && (
        <Modal
          title={t("offline.title", { username: opponent.username })}
          onClose={() => setOfflineState(null)}
          footer={
            <>
              <button type="button" className="ks-button" onClick={() => setOfflineState(null)}>
                {t("cancel")}
              </button>
              <button
                type="button"
                className="ks-button ks-button-primary"
                disabled={busy}
                onClick={() => void send(offlineState).then((sent) => sent && setOfflineState(null))}
              >
                {t("offline.send")}
              </button>
            </>
          }
        >
          <p>{t("offline.text", { username: opponent.username })}</p>
          <TermsFields state={offlineState} onChange={(next) => setOfflineState(forOfflineChallenge(next))} isGuest={false} dailyOnly withRange={false} error={null} />
          {refusal && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: refusal })}
            </p>
          )}
        </Modal>
      )}
    </form>
  );
}
