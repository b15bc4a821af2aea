/**
 * Online play in the page shell of a signed-in visitor (a signed-in slot;
 * the play events come from PlayLiveLayer): incoming challenges as toasts with Accept and Decline,
 * a toast when a daily opponent has moved, notices when a challenge is
 * declined or cancelled, and the way to the game when a challenge is
 * accepted or a seek is paired.
 */
import { useState, type ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLocation } from "react-router";
import { useLinks } from "../../../platform/links/use-links.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { useAlerts } from "../../../ui/alert.tsx";
import * as events from "../play.events.ts";
import type { ChallengeView } from "../play.schema.ts";
import { useOpenGame } from "./use-open-game.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { refusalMessageId } from "./play-commands.ts";
import { usePlayEvents } from "./play-live.tsx";
import { colorText, termsText } from "./terms-text.ts";
import "./lobby.css";

type Notice = { readonly kind: "challenge"; readonly challenge: ChallengeView } | { readonly kind: "your_move"; readonly gameId: number; readonly by: string };

/** The shell's signed-in layer: the toasts of the member's (or guest's) play events, beside the page. */
export function PlayNoticesLayer({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <PlayNotices />
    </>
  );
}

/** The toasts of the member's play events (exported for its test; the layer mounts it). */
export function PlayNotices() {
  const intl = useIntl();
  const link = useLinks();
  const { pathname } = useLocation();
  const { showAlert } = useAlerts();
  const openGame = useOpenGame();
  const send = useSocketCommand();
  const [notices, setNotices] = useState<readonly Notice[]>([]);

  const remove = (matches: (notice: Notice) => boolean) => setNotices((current) => current.filter((notice) => !matches(notice)));
  const isChallenge = (id: number) => (notice: Notice) => notice.kind === "challenge" && notice.challenge.id === id;

  usePlayEvents((event) => {
    const received = eventPayload(events.challengeReceivedEvent, event);
    if (received) {
      // The event names the challenge; its terms come from the member's open challenges.
      void send("challenge.list", {}).then((answer) => {
        const challenge = answer.ok ? answer.value.find((open) => open.id === received.id) : undefined;
        if (challenge) setNotices((current) => [...current.filter(isChallenge(challenge.id)), { kind: "challenge", challenge }]);
      });
      return;
    }
    const accepted = eventPayload(events.challengeAcceptedEvent, event);
    if (accepted) {
      showAlert({ type: "success", message: intl.formatMessage({ id: "play.lobby.notice.accepted" }, { username: accepted.by }) });
      void openGame(accepted.gameId);
      return;
    }
    const paired = eventPayload(events.seekPairedEvent, event);
    if (paired) {
      void openGame(paired.gameId);
      return;
    }
    const declined = eventPayload(events.challengeDeclinedEvent, event);
    if (declined) {
      showAlert({ type: "info", message: intl.formatMessage({ id: "play.lobby.notice.declined" }, { username: declined.by }) });
      return;
    }
    const cancelled = eventPayload(events.challengeCancelledEvent, event);
    if (cancelled) {
      remove(isChallenge(cancelled.id));
      showAlert({ type: "info", message: intl.formatMessage({ id: "play.lobby.notice.cancelled" }, { username: cancelled.by }) });
      return;
    }
    const yourMove = eventPayload(events.yourMoveEvent, event);
    // On that game's page the board says it already.
    if (yourMove && !pathname.endsWith(`/${yourMove.gameId}`)) {
      setNotices((current) => [...current.filter((notice) => !(notice.kind === "your_move" && notice.gameId === yourMove.gameId)), { kind: "your_move", ...yourMove }]);
    }
  });

  async function handleAccept(challenge: ChallengeView) {
    remove(isChallenge(challenge.id));
    const answer = await send("challenge.accept", { id: challenge.id });
    if (!answer.ok) {
      showAlert({ type: "error", message: intl.formatMessage({ id: refusalMessageId(answer.error) }) });
      return;
    }
    await openGame(answer.value.gameId, challenge.terms.control.kind);
  }

  async function handleDecline(challenge: ChallengeView) {
    remove(isChallenge(challenge.id));
    const answer = await send("challenge.decline", { id: challenge.id });
    if (!answer.ok && answer.error !== "challenge_gone") showAlert({ type: "error", message: intl.formatMessage({ id: refusalMessageId(answer.error) }) });
  }

  return (
    // Always there, so new toasts are announced (politely, never taking the focus: the member may be typing elsewhere).
    <div className="ks-play-notices" aria-live="polite">
      {notices.map((notice) =>
        notice.kind === "challenge" ? (
          <article key={`c${notice.challenge.id}`} className="ks-play-notice" aria-labelledby={`ks-challenge-${notice.challenge.id}`}>
            <p id={`ks-challenge-${notice.challenge.id}`} className="ks-play-notice-title">
              {intl.formatMessage({ id: "play.lobby.notice.challenge" }, { username: notice.challenge.challenger })}
            </p>
            <p className="ks-muted">
              {termsText(intl, notice.challenge.terms)} · {colorText(intl, notice.challenge.terms.color, "theirs")}
            </p>
            <div className="ks-actions">
              <button type="button" className="ks-button ks-button-primary" onClick={() => void handleAccept(notice.challenge)}>
                {intl.formatMessage({ id: "play.lobby.accept" })}
              </button>
              <button type="button" className="ks-button" onClick={() => void handleDecline(notice.challenge)}>
                {intl.formatMessage({ id: "play.lobby.decline" })}
              </button>
            </div>
          </article>
        ) : (
          <article key={`m${notice.gameId}`} className="ks-play-notice" aria-label={intl.formatMessage({ id: "play.lobby.notice.your_move" }, { username: notice.by })}>
            <p className="ks-play-notice-title">{intl.formatMessage({ id: "play.lobby.notice.your_move" }, { username: notice.by })}</p>
            <div className="ks-actions">
              <a className="ks-button ks-button-primary" href={link("web_game", { id: String(notice.gameId) })} onClick={() => remove((other) => other === notice)}>
                {intl.formatMessage({ id: "play.lobby.open_game" })}
              </a>
              <button type="button" className="ks-button ks-button-quiet" onClick={() => remove((other) => other === notice)}>
                {intl.formatMessage({ id: "play.lobby.dismiss" })}
              </button>
            </div>
          </article>
        ),
      )}
    </div>
  );
}
