/**
 * Crazyhouse's pockets (issue 24 item 1, decision 0075): the pieces each
 * side has captured and may drop, with their counts, beside the board. The
 * player's own pocket, while they may play, is a row of buttons: click one
 * then a square, or drag it onto the board (through ./drop-channel.ts, which
 * the interactive board answers). Its own chunk, loaded only by a crazyhouse
 * game; no chess module: the pockets are read off the FEN, and an earlier
 * position's are replayed from the moves.
 */
import { useEffect, useState, type MouseEvent as ReactMouseEvent, type TouchEvent as ReactTouchEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { piecesOfFen, turnOfFen, type PieceColor, type PieceRole } from "./fen-board.ts";
import { dropHandle, onDisarm, type DroppableRole } from "./drop-channel.ts";

export const pocketRoles: readonly DroppableRole[] = ["pawn", "knight", "bishop", "rook", "queen"];
const letters: Readonly<Record<DroppableRole, string>> = { pawn: "p", knight: "n", bishop: "b", rook: "r", queen: "q" };

export type PocketCounts = Record<DroppableRole, number>;
export type Pockets = Record<PieceColor, PocketCounts>;

const emptyPocket = (): PocketCounts => ({ pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 });

/** The pockets written in a FEN's placement (`...RNBQKBNR[QPn]`: upper case white's); empty when it has none. */
export function pocketsOfFen(fen: string): Pockets {
  const pockets: Pockets = { white: emptyPocket(), black: emptyPocket() };
  const written = /\[([^\]]*)\]/.exec(fen.split(" ")[0] ?? "")?.[1] ?? "";
  for (const char of written) {
    const role = pocketRoles.find((candidate) => letters[candidate] === char.toLowerCase());
    if (role) pockets[char === char.toLowerCase() ? "black" : "white"][role] += 1;
  }
  return pockets;
}

interface Square {
  readonly color: PieceColor;
  readonly role: PieceRole;
  /** Promoted from a pawn: goes to the pocket as a pawn when taken. */
  readonly promoted: boolean;
}

const roleOfLetter = (letter: string): DroppableRole | undefined => pocketRoles.find((role) => letters[role] === letter.toLowerCase());

/**
 * The pockets after these moves from a crazyhouse start (the game's moves,
 * already legal, so nothing is checked): a capture puts the taken piece in
 * the mover's pocket (a promoted one as a pawn), a drop takes it out.
 */
export function pocketsAfter(initialFen: string, ucis: readonly string[]): Pockets {
  const pockets = pocketsOfFen(initialFen);
  const board = new Map<string, Square>(piecesOfFen(initialFen).map((piece) => [piece.square, { color: piece.color, role: piece.role, promoted: false }]));
  let mover = turnOfFen(initialFen);
  for (const uci of ucis) {
    const to = uci.slice(2, 4);
    if (uci[1] === "@") {
      const role = roleOfLetter(uci[0] ?? "");
      if (role) {
        pockets[mover][role] -= 1;
        board.set(to, { color: mover, role, promoted: false });
      }
    } else {
      const from = uci.slice(0, 2);
      const piece = board.get(from);
      const target = board.get(to);
      if (piece) {
        // Castling (the king two files over or onto its own rook) takes nothing; the rook moves too.
        const castling = piece.role === "king" && (target?.color === mover || Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2);
        if (castling) {
          const kingside = to > from;
          const rank = from[1];
          board.delete(from);
          board.delete(target?.color === mover ? to : `${kingside ? "h" : "a"}${rank}`);
          board.set(`${kingside ? "g" : "c"}${rank}`, piece);
          board.set(`${kingside ? "f" : "d"}${rank}`, { color: mover, role: "rook", promoted: false });
        } else {
          const enPassant = piece.role === "pawn" && from[0] !== to[0] && !target;
          const taken = enPassant ? { role: "pawn" as const, promoted: false } : target;
          if (taken && taken.role !== "king") pockets[mover][taken.promoted ? "pawn" : taken.role] += 1;
          if (enPassant) board.delete(`${to[0]}${from[1]}`);
          board.delete(from);
          const promotion = roleOfLetter(uci[4] ?? "");
          board.set(to, promotion ? { color: mover, role: promotion, promoted: true } : piece);
        }
      }
    }
    mover = mover === "white" ? "black" : "white";
  }
  return pockets;
}

export interface PocketProps {
  readonly color: PieceColor;
  readonly initialFen: string;
  /** The game's current position (its FEN carries the pockets). */
  readonly fen: string;
  readonly ucis: readonly string[];
  /** The position shown: 0 is the start, ucis.length the current one. */
  readonly shownPly: number;
  /** The player may drop from this pocket (their own, in a game in progress, following the game). */
  readonly droppable: boolean;
}

/** One side's pocket: five pieces with their counts; buttons to drop from when `droppable`. */
export function Pocket({ color, initialFen, fen, ucis, shownPly, droppable }: PocketProps) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<DroppableRole | null>(null);
  useEffect(() => onDisarm(() => setChosen(null)), []);
  const following = shownPly >= ucis.length;
  const counts = (following ? pocketsOfFen(fen) : pocketsAfter(initialFen, ucis.slice(0, shownPly)))[color];
  const active = droppable && following;
  const colorName = intl.formatMessage({ id: color === "white" ? "game.color.white" : "game.color.black" });

  const choose = (role: DroppableRole) => {
    const next = chosen === role ? null : role;
    setChosen(next);
    dropHandle()?.select(next);
  };
  const startDrag = (role: DroppableRole, event: ReactMouseEvent | ReactTouchEvent) => {
    // The main button only; a touch or press drags the piece out, a click (press and release here) chooses it.
    if ("button" in event && event.button !== 0) return;
    dropHandle()?.drag(role, event.nativeEvent);
  };

  return (
    <div className="ks-pocket" role="group" aria-label={intl.formatMessage({ id: "game.pocket.label" }, { color: colorName })} data-color={color}>
      {pocketRoles.map((role) => {
        const count = counts[role];
        const piece = intl.formatMessage({ id: `game.piece.${role}` });
        const content = (
          <>
            <span className={`ks-pocket-piece ks-pocket-${color}-${role}`} aria-hidden="true" />
            <span className="ks-pocket-count" aria-hidden="true">{count}</span>
          </>
        );
        return active ? (
          <button
            key={role}
            type="button"
            className="ks-pocket-slot"
            data-role={role}
            data-count={count}
            disabled={count === 0}
            aria-pressed={chosen === role}
            aria-label={intl.formatMessage({ id: "game.pocket.drop" }, { piece, count })}
            onMouseDown={(event) => startDrag(role, event)}
            onTouchStart={(event) => startDrag(role, event)}
            onClick={() => choose(role)}
          >
            {content}
          </button>
        ) : (
          <span key={role} className="ks-pocket-slot" data-role={role} data-count={count} role="img" aria-label={intl.formatMessage({ id: "game.pocket.count" }, { piece, count })}>
            {content}
          </span>
        );
      })}
    </div>
  );
}
