/**
 * The interactive board: chessground, with legal destinations from the chess
 * module. Loaded lazily (its own chunk with chessops) once the page has
 * hydrated; until then the static board stands in its place.
 */
import { Chessground } from "@lichess-org/chessground";
import type { Api } from "@lichess-org/chessground/api";
import type { Config } from "@lichess-org/chessground/config";
import type { Key } from "@lichess-org/chessground/types";
import { useLayoutEffect, useMemo, useRef } from "react";
import type { BoardOptions } from "./board-options.ts";
import { turnOfFen, type PieceColor } from "./fen-board.ts";
import type { PendingMove } from "./game-sync.ts";
import { boardMoves, positionsOfGame } from "./legal-moves.ts";
import type { PlayRulesId } from "../play.constants.ts";
import { squaresOfUci } from "./static-board.tsx";

export interface LiveBoardProps {
  readonly rules: PlayRulesId;
  readonly initialFen: string;
  readonly currentFen: string;
  readonly ucis: readonly string[];
  /** The position shown: 0 is the start, ucis.length the current one. */
  readonly shownPly: number;
  readonly pending: PendingMove | null;
  readonly orientation: PieceColor;
  /** The viewer's colour while they may move (null: watching, or the game is over). */
  readonly playerColor: PieceColor | null;
  readonly premoves: boolean;
  readonly options: BoardOptions;
  /** Changes to put the board back on the held position (a refused or cancelled move). */
  readonly resetToken: number;
  readonly label: string;
  readonly onMove: (orig: string, dest: string, premove: boolean) => void;
  readonly onPremoveSet: () => void;
}

const asKeys = (squares: readonly string[] | null): Key[] | undefined => (squares ? squares.filter(isKey) : undefined);
const isKey = (square: string): square is Key => /^[a-h][1-8]$/.test(square);

function asDests(dests: Map<string, string[]>): Map<Key, Key[]> {
  const result = new Map<Key, Key[]>();
  for (const [from, targets] of dests) if (isKey(from)) result.set(from, targets.filter(isKey));
  return result;
}

export default function LiveBoard(props: LiveBoardProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<Api | null>(null);
  const callbacks = useRef({ onMove: props.onMove, onPremoveSet: props.onPremoveSet });
  // Before the effects below, so that a premove played on a new position reaches this render's handler.
  useLayoutEffect(() => {
    callbacks.current = { onMove: props.onMove, onPremoveSet: props.onPremoveSet };
  });

  const { rules, initialFen, ucis, shownPly, pending, currentFen, playerColor, premoves, orientation, options, resetToken } = props;
  const positions = useMemo(() => positionsOfGame(rules, initialFen, ucis), [rules, initialFen, ucis]);
  const following = shownPly >= ucis.length;
  const fen = useMemo(() => {
    if (!following) return positions[shownPly] ?? currentFen;
    // The player's own move shows while the server confirms it.
    if (pending) return positionsOfGame(rules, currentFen, [pending.uci])[1] ?? currentFen;
    return currentFen;
  }, [following, positions, shownPly, pending, rules, currentFen]);
  const lastUci = following && pending ? pending.uci : ucis[shownPly - 1];

  // Before paint, so the static board is never seen empty.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const config: Config = {
      coordinates: options.coordinates === "inside",
      animation: { enabled: options.animationType !== "none", duration: 200 },
      highlight: { lastMove: options.highlightMoves, check: true },
      draggable: { enabled: options.moveMethod === "drag", showGhost: true },
      selectable: { enabled: true },
      drawable: { enabled: true, visible: true },
      movable: {
        free: false,
        showDests: options.highlightLegalMoves,
        rookCastle: true,
        events: { after: (orig, dest, metadata) => callbacks.current.onMove(orig, dest, metadata.premove) },
      },
      premovable: {
        enabled: false,
        showDests: options.highlightLegalMoves,
        castle: true,
        events: { set: () => callbacks.current.onPremoveSet() },
      },
    };
    const api = Chessground(host, config);
    apiRef.current = api;
    return () => {
      api.destroy();
      apiRef.current = null;
    };
  }, [options]);

  useLayoutEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const turn = turnOfFen(fen);
    const moves = boardMoves(rules, fen);
    const canAct = playerColor !== null && following;
    const myTurn = canAct && turn === playerColor && !pending;
    api.set({
      fen,
      orientation,
      turnColor: turn,
      check: moves.check,
      lastMove: asKeys(squaresOfUci(lastUci)),
      movable: { color: canAct ? (playerColor ?? undefined) : undefined, dests: myTurn ? asDests(moves.dests) : new Map() },
      premovable: { enabled: canAct && premoves },
    });
    if (!canAct) api.cancelPremove();
    else if (myTurn) api.playPremove();
  }, [fen, rules, orientation, playerColor, following, pending, premoves, lastUci, resetToken]);

  return <div ref={hostRef} className="cg-wrap ks-board-live" role="group" aria-label={props.label} />;
}
