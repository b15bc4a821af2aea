import { createElement } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { Modal } from "../../../ui/modal.tsx";
import type { PieceColor } from "./fen-board.ts";

export const promotionPieces = [
  ["q", "queen"],
  ["n", "knight"],
  ["r", "rook"],
  ["b", "bishop"],
] as const;
export type PromotionLetter = (typeof promotionPieces)[number][0];

interface PromotionDialogProps {
  readonly color: PieceColor;
  readonly onChoose: (letter: PromotionLetter) => void;
  readonly onCancel: () => void;
}

/** The promotion chooser: a dialog of four buttons with the pieces' images and names; Escape cancels the move. */
export function PromotionDialog({ color, onChoose, onCancel }: PromotionDialogProps) {
  const intl = useIntl();
  return (
    <Modal title={intl.formatMessage({ id: "game.promotion.title" })} onClose={onCancel} size="small" className="ks-promotion-dialog">
      <div className="ks-promotion-choices cg-wrap">
        {promotionPieces.map(([letter, role]) => (
          <button key={letter} type="button" className="ks-promotion-choice" data-piece={letter} onClick={() => onChoose(letter)}>
            {createElement("piece", { className: `${color} ${role}`, "aria-hidden": true })}
            <span>{intl.formatMessage({ id: `game.promotion.${role}` })}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}
