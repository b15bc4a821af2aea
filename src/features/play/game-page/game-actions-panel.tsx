import { useIntl } from "../../../platform/i18n/intl.tsx";
import { ConfirmPopover } from "../../../ui/confirm-popover.tsx";
import type { GameView } from "../play.schema.ts";
import type { GameActionName } from "./use-game-sync.ts";

interface GameActionsPanelProps {
  readonly view: GameView;
  readonly role: "white" | "black";
  /** The opponent has been away long enough for a claim (live games). */
  readonly opponentGone: boolean;
  readonly busy: boolean;
  readonly onAct: (action: GameActionName) => void;
}

/**
 * The actions the server offers a player (game-actions.ts decides; these
 * buttons only show what it would accept): resign, draw offers, abort,
 * claims when the opponent has left, and the rematch after the end.
 */
export function GameActionsPanel({ view, role, opponentGone, busy, onAct }: GameActionsPanelProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const opponent = role === "white" ? "black" : "white";
  const button = (action: GameActionName, label: string, primary = false) => (
    <button type="button" className={`ks-button${primary ? " ks-button-primary" : ""}`} disabled={busy} data-action={action} onClick={() => onAct(action)}>
      {t(label)}
    </button>
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
        {opponentGone && (
          <div className="ks-game-offer" role="status">
            <p>{t("game.action.opponent_left")}</p>
            <div className="ks-game-offer-buttons">
              {button("claim.win", "game.action.claim_win", true)}
              {button("claim.draw", "game.action.claim_draw")}
            </div>
          </div>
        )}
        <div className="ks-game-action-row">
          {view.ply < 2 ? (
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
        </div>
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
      {view.rematchGameId === null && view.rematchOfferBy !== opponent && (
        <div className="ks-game-action-row">
          {view.rematchOfferBy === role ? (
            <button type="button" className="ks-button" disabled>
              {t("game.action.rematch_offered")}
            </button>
          ) : (
            button("rematch.offer", "game.action.rematch_offer", true)
          )}
        </div>
      )}
    </div>
  );
}
