/**
 * The seek form: Play pairs at once with the closest waiting seek of the same
 * terms (seek.quick), or puts the member's seek in the lobby, where it waits
 * with Cancel until someone takes it (the layer then opens the game).
 */
import { useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { SeekView } from "../play.schema.ts";
import { useOpenGame } from "./use-open-game.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { refusalMessageId } from "./play-commands.ts";
import { allowedState, seekInputOf, termsFormFor, type TermsFormError, type TermsFormState } from "./terms-form-state.ts";
import { TermsFields } from "./terms-fields.tsx";
import { termsText } from "./terms-text.ts";

export interface SeekFormProps {
  readonly isGuest: boolean;
  /** The member's own seeks waiting in the lobby. */
  readonly waiting: readonly SeekView[];
  readonly onCancel: (seek: SeekView) => void;
  /** A time control's key the form starts at (the home's quick pairing: ?control=3+2). */
  readonly initialControl?: string | null;
}

export function SeekForm({ isGuest, waiting, onCancel, initialControl = null }: SeekFormProps) {
  const intl = useIntl();
  const send = useSocketCommand();
  const openGame = useOpenGame();
  const [state, setState] = useState<TermsFormState>(() => allowedState(termsFormFor(initialControl), isGuest));
  const [fieldError, setFieldError] = useState<TermsFormError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `play.lobby.${key}` }, values);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const input = seekInputOf(allowedState(state, isGuest));
    if (!input.ok) {
      setFieldError(input.error);
      return;
    }
    setFieldError(null);
    setRefusal(null);
    setBusy(true);
    const answer = await send("seek.quick", input.value);
    setBusy(false);
    if (!answer.ok) {
      setRefusal(refusalMessageId(answer.error));
      return;
    }
    if ("gameId" in answer.value) await openGame(answer.value.gameId, input.value.terms.control.kind);
  }

  return (
    <form className="ks-card ks-form ks-seek-form" onSubmit={(event) => void handleSubmit(event)} aria-labelledby="ks-seek-heading" noValidate>
      <h2 id="ks-seek-heading">{t("seek.heading")}</h2>
      {isGuest && <p className="ks-field-hint ks-guest-note">{t("seek.guest_note")}</p>}
      <TermsFields state={state} onChange={setState} isGuest={isGuest} withRange={!isGuest} error={fieldError} />
      {refusal && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: refusal })}
        </p>
      )}
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary ks-button-large" disabled={busy}>
          {t("seek.play")}
        </button>
      </div>
      {waiting.length > 0 && (
        <div className="ks-seek-waiting" role="status">
          <p className="ks-play-notice-title">
            <span className="ks-spinner" aria-hidden="true" /> {t("seek.waiting")}
          </p>
          <ul className="ks-play-list" role="list">
            {waiting.map((seek) => (
              <li key={seek.id} className="ks-play-list-item">
                <span>{termsText(intl, seek.terms)}</span>
                <button type="button" className="ks-button" onClick={() => onCancel(seek)} aria-label={t("seek.cancel_label", { game: termsText(intl, seek.terms) })}>
                  {t("cancel")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
