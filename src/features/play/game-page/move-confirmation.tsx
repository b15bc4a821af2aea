/**
 * Move confirmation for daily games (issue 21 item 7, decision 0063): the
 * player's "Confirm moves" option, and while it is on, the move made on the
 * board or typed, shown on the board but not sent, with Confirm and Cancel.
 * Focus goes to Confirm when a move waits (Enter sends it, Escape cancels),
 * and the waiting move is said in a live region. Its own chunk, loaded only
 * by a player of a daily game in progress (with chessops for the move's SAN,
 * which that player's board has loaded already); live games never confirm.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { parseFen, playMove } from "../../../chess/rules.ts";
import type { PlayRulesId } from "../play.constants.ts";
import { useMovesRules, type MovesRules } from "./moves-rules.ts";
import { readConfirmMoves, storeConfirmMoves } from "./confirm-moves-preference.ts";

export interface MoveConfirmationProps {
  readonly memberId: number;
  readonly rules: PlayRulesId;
  /** The position the waiting move is played from. */
  readonly fen: string;
  /** The move made but not sent yet, as UCI; null when none waits. */
  readonly waiting: string | null;
  /** Told the option's value at once and on every change. */
  readonly onOption: (confirm: boolean) => void;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

function sanOf(rules: MovesRules | undefined, fen: string, uci: string): string {
  if (!rules) return uci;
  const position = parseFen(rules, fen);
  const played = position.ok ? playMove(position.value, uci) : null;
  return played?.ok ? played.value.san : uci;
}

export function MoveConfirmation({ memberId, rules, fen, waiting, onOption, onConfirm, onCancel }: MoveConfirmationProps) {
  const intl = useIntl();
  const id = useId();
  const [confirm, setConfirm] = useState(() => readConfirmMoves(memberId));
  const confirmButton = useRef<HTMLButtonElement>(null);
  /** Where focus was when the move was made (the typed-move field, the board), to go back there after. */
  const focusBefore = useRef<HTMLElement | null>(null);
  const movesRules = useMovesRules(rules);
  const san = useMemo(() => (waiting ? sanOf(movesRules, fen, waiting) : null), [movesRules, fen, waiting]);

  useEffect(() => onOption(confirm), [confirm, onOption]);

  useEffect(() => {
    if (!waiting) return;
    focusBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmButton.current?.focus();
    return () => {
      // Focus was on Confirm or Cancel, which are gone: put it back where the move was made.
      const active = document.activeElement;
      if ((active === null || active === document.body) && focusBefore.current?.isConnected) focusBefore.current.focus();
    };
  }, [waiting]);

  const toggle = (next: boolean) => {
    setConfirm(next);
    storeConfirmMoves(memberId, next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onCancel();
  };

  return (
    <div className="ks-move-confirmation">
      <div aria-live="polite">
        {san && (
          <div className="ks-move-confirm" role="group" aria-labelledby={`${id}-ask`} onKeyDown={handleKeyDown}>
            <p id={`${id}-ask`}>{intl.formatMessage({ id: "game.confirm.ask" }, { san })}</p>
            <div className="ks-move-confirm-buttons">
              <button ref={confirmButton} type="button" className="ks-button ks-button-primary" data-action="confirm-move" onClick={onConfirm}>
                {intl.formatMessage({ id: "game.confirm.confirm" })}
              </button>
              <button type="button" className="ks-button" data-action="cancel-move" onClick={onCancel}>
                {intl.formatMessage({ id: "game.confirm.cancel" })}
              </button>
            </div>
          </div>
        )}
      </div>
      <label className="ks-move-confirm-option">
        <input type="checkbox" checked={confirm} onChange={(event) => toggle(event.target.checked)} />
        {intl.formatMessage({ id: "game.confirm.option" })}
      </label>
    </div>
  );
}
