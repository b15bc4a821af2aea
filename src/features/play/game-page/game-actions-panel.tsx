import { useIntl } from "../../../platform/i18n/intl.tsx";
import { ConfirmPopover } from "../../../ui/confirm-popover.tsx";
import type { GameView } from "../play.schema.ts";
import type { GameActionName } from "./use-game-sync.ts";
import { NewOpponentButton } from "./new-opponent-button.tsx";
import { useEffect, useRef, useState } from "react";
import { CLAIM_AFTER_MS, FIRST_MOVE_MS, takebackPly } from "../game-actions.ts";
import { Countdown } from "./countdown.tsx";
import { AwardTrophyButton } from "../../trophies/components/award-trophy-button.tsx";

interface GameActionsPanelProps {
  readonly view: GameView;
  readonly role: "white" | "black";
  /** The opponent has been away long enough for a claim (live games). */
  readonly opponentGone: boolean;
  readonly busy: boolean;
  readonly onAct: (action: GameActionName) => void;
  /** The opponent, when a trophy may be offered to them from this game (the page's loader decides). */
  readonly awardTo?: string | null;
}

/**
 * The actions the server offers a player (game-actions.ts decides; these
 * buttons only show what it would accept): resign, draw offers, abort,
 * claims when the opponent has left, takeback requests, and after the end
 * the rematch and a new opponent on the same terms.
 */
export function GameActionsPanel({ view, role, opponentGone, busy, onAct, awardTo = null }: GameActionsPanelProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const opponent = role === "white" ? "black" : "white";
  const live = view.control.kind === "live";
  const toMove = view.ply % 2 === 0 ? "white" : "black";
  const firstMoveDue = useFirstMoveDue(view);
  // The opponent's time away from the game as the last snapshot said, counted on from when it arrived.
  const opponentAwayMs = live && toMove === opponent ? view.awayMs[opponent] : null;
  const [claimAt, setClaimAt] = useState<number | null>(null);
  useEffect(() => setClaimAt(opponentAwayMs === null ? null : Date.now() + CLAIM_AFTER_MS - opponentAwayMs), [opponentAwayMs]);
  const [claimReady, setClaimReady] = useState(false);
  useEffect(() => setClaimReady(false), [claimAt]);
  const button = (action: GameActionName, label: string, primary = false) => (
    <button type="button" className={`ks-button${primary ? " ks-button-primary" : ""}`} disabled={busy} data-action={action} onClick={() => onAct(action)}>
      {t(label)}
    </button>
  );

  // The dialog is its own chunk, loaded on the first click; the game's link is filled in.
  const awardButton = awardTo && view.status !== "aborted" && (
    <div className="ks-game-action-row">
      <AwardTrophyButton username={awardTo} gameId={view.id} label="named" className="ks-button ks-button-quiet" />
    </div>
  );

  if (view.status === "playing") {
    return (
      <div className="ks-game-actions" role="group" aria-label={t("game.action.label")}>
        {view.drawOfferBy === opponent && (
          <div className="ks-game-offer" role="status">
            <p>{t("game.action.draw_incoming")}</p>
            <div className="ks-game-offer-buttons">
              {button("draw.accept", "game.action.draw_accept", true)}
              {button("draw.decline", "game.action.draw_decline")}
            </div>
          </div>
        )}
        {view.takebackOfferBy === opponent && (
          <div className="ks-game-offer" role="status">
            <p>{t("game.action.takeback_incoming")}</p>
            <div className="ks-game-offer-buttons">
              {button("takeback.accept", "game.action.takeback_accept", true)}
              {button("takeback.decline", "game.action.takeback_decline")}
            </div>
          </div>
        )}
        {live && view.ply < 2 && firstMoveDue !== null && (
          <Countdown until={firstMoveDue} messageId={view.arranged ? "game.countdown.first_move_arranged" : "game.countdown.first_move"} values={{ color: t(toMove === "white" ? "game.color.white" : "game.color.black") }} />
        )}
        {!opponentGone && !claimReady && claimAt !== null && view.ply >= 2 && (
          <Countdown until={claimAt} messageId="game.countdown.claim" onDone={() => setClaimReady(true)} />
        )}
        {(opponentGone || (claimReady && claimAt !== null && view.ply >= 2)) && (
          <div className="ks-game-offer" role="status">
            <p>{t("game.action.opponent_left")}</p>
            <div className="ks-game-offer-buttons">
              {button("claim.win", "game.action.claim_win", true)}
              {button("claim.draw", "game.action.claim_draw")}
            </div>
          </div>
        )}
        <div className="ks-game-action-row">
          {view.ply < 2 && !view.arranged ? (
            button("abort", "game.action.abort")
          ) : (
            <ConfirmPopover
              trigger={t("game.action.resign")}
              triggerClassName="ks-button ks-button-danger"
              message={t("game.action.resign_confirm")}
              confirmLabel={t("game.action.resign")}
              danger
              disabled={busy}
              onConfirm={() => onAct("resign")}
            />
          )}
          {view.drawOfferBy === role ? (
            <button type="button" className="ks-button" disabled>
              {t("game.action.draw_offered")}
            </button>
          ) : (
            view.drawOfferBy === null && view.ply >= 2 && button("draw.offer", "game.action.draw_offer")
          )}
          {view.takebackOfferBy === role
            ? button("takeback.decline", "game.action.takeback_cancel")
            : view.takebackOfferBy === null && takebackPly(view.ply, role) !== null && button("takeback.offer", "game.action.takeback_offer")}
        </div>
        {awardButton}
      </div>
    );
  }

  return (
    <div className="ks-game-actions" role="group" aria-label={t("game.action.label")}>
      {view.rematchOfferBy === opponent && view.rematchGameId === null && (
        <div className="ks-game-offer" role="status">
          <p>{t("game.action.rematch_incoming")}</p>
          <div className="ks-game-offer-buttons">
            {button("rematch.offer", "game.action.rematch_accept", true)}
            {button("rematch.decline", "game.action.rematch_decline")}
          </div>
        </div>
      )}
      <div className="ks-game-action-row">
        {view.rematchGameId === null &&
          view.rematchOfferBy !== opponent &&
          (view.rematchOfferBy === role ? (
            <button type="button" className="ks-button" disabled>
              {t("game.action.rematch_offered")}
            </button>
          ) : (
            button("rematch.offer", "game.action.rematch_offer", true)
          ))}
        <NewOpponentButton view={view} />
      </div>
      {awardButton}
    </div>
  );
}

/**
 * When the side to move must make its first move or the game is aborted:
 * the snapshot's deadline on arrival, then FIRST_MOVE_MS from each first move
 * seen (a move event carries no deadline).
 */
function useFirstMoveDue(view: GameView): number | null {
  const seenPly = useRef(view.ply);
  const [due, setDue] = useState<number | null>(view.deadlineAt ? Date.parse(view.deadlineAt) : null);
  useEffect(() => {
    if (view.ply === seenPly.current) return;
    seenPly.current = view.ply;
    setDue(Date.now() + FIRST_MOVE_MS);
  }, [view.ply]);
  return due;
}
