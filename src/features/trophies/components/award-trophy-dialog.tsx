import { useEffect, useId, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { HttpError } from "../../../platform/http/http-client.ts";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { Modal } from "../../../ui/modal.tsx";
import { encodeAngleBrackets, TROPHY_MESSAGE_MAX_LENGTH } from "../trophy-message.ts";
import { trophyCatalogue, type Trophy } from "../trophy-catalogue.ts";
import { TrophyImage } from "./trophy-image.tsx";
import { trophyNameIds } from "./trophy-names.ts";
// Its own look: the dialog also opens where the cabinet (and its stylesheet) is not on the page, as on a game page.
import "./trophies.css";

const socialTrophies: readonly Trophy[] = trophyCatalogue.filter((trophy) => trophy.type === "social");

/** A game as the member pastes it: a game page's address or its id; the last run of digits is the id. */
export function gameIdFromLink(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const digits = trimmed.match(/(\d+)(?!.*\d)/);
  return digits?.[1] ?? trimmed;
}

/**
 * The award dialog (spec 001 §2.5, §3.8): starts at the select state (which
 * trophy), then the message and an optional game, then sent. The message has
 * its angle brackets encoded before sending (spec 001 §4); the server decides
 * whether the award may be made and says why not.
 */
export function AwardTrophyDialog({ username, gameId, onClose, onAwarded }: { username: string; gameId?: number; onClose: () => void; onAwarded: () => void }) {
  const intl = useIntl();
  const client = useHttpClient();
  const baseId = useId();
  const [state, setState] = useState<"select" | "send" | "sent">("select");
  const [selected, setSelected] = useState<Trophy | null>(null);
  const [message, setMessage] = useState("");
  const [game, setGame] = useState(gameId ? String(gameId) : "");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The awards left this month (null until the server answers; the server still decides on the award itself).
  const [awardsLeft, setAwardsLeft] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    client
      .request<{ count: number }>("GET", "/callback/award/trophies/left", { quiet: true })
      .then((answer) => current && setAwardsLeft(answer.count))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected) return;
    setSending(true);
    try {
      const body = { message: encodeAngleBrackets(message), gameId: gameIdFromLink(game) };
      await client.request("POST", `/callback/award/trophy/${encodeURIComponent(username)}/${selected.id}`, { body, quiet: true });
      setError(null);
      setState("sent");
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.message : intl.formatMessage({ id: "error.bad_request" }));
    } finally {
      setSending(false);
    }
  }

  const title = intl.formatMessage({ id: "trophies.award.title" }, { username });
  if (state === "sent") {
    return (
      <Modal title={title} onClose={onAwarded} size="small">
        <p role="status">{intl.formatMessage({ id: "trophies.award.sent" }, { username })}</p>
      </Modal>
    );
  }
  return (
    <Modal title={title} onClose={onClose} size="medium">
      {state === "select" ? (
        <fieldset className="ks-award-select">
          <legend>{intl.formatMessage({ id: "trophies.award.choose" })}</legend>
          {awardsLeft !== null && (
            <p className="ks-award-left" role="status" data-testid="awards-left">
              {intl.formatMessage({ id: "trophies.award.left" }, { count: awardsLeft })}
            </p>
          )}
          <ul className="ks-trophy-choices" role="list">
            {socialTrophies.map((trophy) => {
              const [nameId] = trophyNameIds(trophy.code);
              return (
                <li key={trophy.id}>
                  <button
                    type="button"
                    className="ks-trophy-choice"
                    aria-pressed={selected?.id === trophy.id}
                    onClick={() => {
                      setSelected(trophy);
                      setState("send");
                    }}
                  >
                    <TrophyImage image={trophy.image} size={40} />
                    <span>{intl.formatMessage({ id: nameId })}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <form className="ks-form ks-award-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          {selected && (
            <p className="ks-trophy">
              <TrophyImage image={selected.image} size={40} />
              <strong>{intl.formatMessage({ id: trophyNameIds(selected.code)[0] })}</strong>
            </p>
          )}
          <label className="ks-field" htmlFor={`${baseId}-message`}>
            <span>{intl.formatMessage({ id: "trophies.award.message" })}</span>
            <textarea id={`${baseId}-message`} name="message" rows={3} maxLength={TROPHY_MESSAGE_MAX_LENGTH} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
          </label>
          <label className="ks-field" htmlFor={`${baseId}-game`}>
            <span>{intl.formatMessage({ id: "trophies.award.game" })}</span>
            <input id={`${baseId}-game`} name="game" value={game} onChange={(event) => setGame(event.currentTarget.value)} autoComplete="off" />
          </label>
          {error && (
            <p className="ks-field-error" role="alert">
              {error}
            </p>
          )}
          <div className="ks-actions">
            <button type="button" className="ks-button" onClick={() => setState("select")}>
              {intl.formatMessage({ id: "trophies.award.choose" })}
            </button>
            <button type="submit" className="ks-button ks-button-primary" disabled={sending || awardsLeft === 0}>
              {intl.formatMessage({ id: "trophies.award.submit" })}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
