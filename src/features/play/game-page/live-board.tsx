/**
 * The interactive board: chessground, with legal destinations from the chess
 * module, and the promotion chooser for a pawn moved to the last rank. Loaded
 * lazily (its own chunk with chessops) once the page has hydrated, for a
 * player of a game in progress only; until then the static board stands in
 * its place. In crazyhouse it also takes drops from the pockets (pockets.tsx,
 * through drop-channel.ts), and premoved drops.
 */
import { Chessground } from "@lichess-org/chessground";
import type { Api } from "@lichess-org/chessground/api";
import type { Config } from "@lichess-org/chessground/config";
import { cancelDropMode, setDropMode } from "@lichess-org/chessground/drop";
import type { Key, Role } from "@lichess-org/chessground/types";
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import type { AnimationType } from "../../accounts/board-options/board-options.ts";
import type { BoardOptions } from "./board-options.ts";
import { isPromotionMove, turnOfFen, type PieceColor } from "./fen-board.ts";
import type { PendingMove } from "./game-sync.ts";
import type { PlayRulesId } from "../play.constants.ts";
import { disarmed, offerDropHandle } from "./drop-channel.ts";
import { boardMoves, positionsOfGame } from "./legal-moves.ts";
import { useMovesRules } from "./moves-rules.ts";
import { squaresOfUci } from "./static-board.tsx";

/** How long a move's animation runs, by the animation option. */
const animationMs: Readonly<Record<AnimationType, number>> = { none: 0, slow: 350, default: 200, fast: 100 };

/** The chooser opens on a promotion only: its own chunk, loaded then. */
const PromotionDialog = lazy(() => importWithRetry(() => import("./promotion-dialog.tsx")).then((module) => ({ default: module.PromotionDialog })));

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
  /** The id of the board's description for screen readers (the position and the last move), read when the board has focus. */
  readonly describedBy: string;
  /** A move made on the board, as UCI (a promotion once its piece is chosen; a premove promotes to a queen; a drop as `N@f3`). */
  readonly onMove: (uci: string) => void;
  readonly onPremoveSet: () => void;
}

const asKeys = (squares: readonly string[] | null): Key[] | undefined => (squares ? squares.filter(isKey) : undefined);
const isKey = (square: string): square is Key => /^[a-h][1-8]$/.test(square);
const dropUci = (role: Role, key: Key) => `${role === "knight" ? "N" : role.charAt(0).toUpperCase()}@${key}`;

function asDests(dests: Map<string, string[]>): Map<Key, Key[]> {
  const result = new Map<Key, Key[]>();
  for (const [from, targets] of dests) if (isKey(from)) result.set(from, targets.filter(isKey));
  return result;
}

export default function LiveBoard(props: LiveBoardProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<Api | null>(null);
  const [promotion, setPromotion] = useState<string | null>(null);
  /** Counts promotions given up: the board goes back to the position. */
  const [cancelled, setCancelled] = useState(0);
  /** The drops legal in the position on the board (crazyhouse), for the pockets' drops and the premoved ones. */
  const legalDrops = useRef<ReadonlySet<string>>(new Set());
  const handleMove = (orig: string, dest: string, premove: boolean) => {
    if (!isPromotionMove(props.currentFen, orig, dest)) props.onMove(`${orig}${dest}`);
    // A premove promotes to a queen; a move asks.
    else if (premove) props.onMove(`${orig}${dest}q`);
    else setPromotion(`${orig}${dest}`);
  };
  /** A piece dropped from the pocket (or a premoved drop played): sent when legal, else the board goes back. */
  const handleDrop = (role: Role, key: Key) => {
    const api = apiRef.current;
    if (api) cancelDropMode(api.state);
    disarmed();
    const uci = dropUci(role, key);
    if (legalDrops.current.has(uci)) props.onMove(uci);
    else setCancelled((count) => count + 1);
  };
  const callbacks = useRef({ onMove: handleMove, onDrop: handleDrop, onPremoveSet: props.onPremoveSet });
  // Before the effects below, so that a premove played on a new position reaches this render's handler.
  useLayoutEffect(() => {
    callbacks.current = { onMove: handleMove, onDrop: handleDrop, onPremoveSet: props.onPremoveSet };
  });

  const { initialFen, ucis, shownPly, pending, currentFen, playerColor, premoves, orientation, options, resetToken } = props;
  // King of the hill and three-check move as standard chess (their ends come from the server with the move); crazyhouse's rules load on first use.
  const loadedRules = useMovesRules(props.rules);
  const rules = loadedRules ?? "standard";
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
      coordinates: options.coordinates !== "off",
      animation: { enabled: options.animationType !== "none", duration: animationMs[options.animationType] },
      highlight: { lastMove: options.highlightMoves, check: true },
      // "drag": drag or click; "drag-only" and "click" turn the other way off.
      draggable: { enabled: options.moveMethod !== "click", showGhost: true },
      selectable: { enabled: options.moveMethod !== "drag-only" },
      drawable: { enabled: true, visible: true },
      movable: {
        free: false,
        showDests: options.highlightLegalMoves,
        rookCastle: true,
        events: {
          after: (orig, dest, metadata) => callbacks.current.onMove(orig, dest, metadata.premove),
          afterNewPiece: (role, key) => callbacks.current.onDrop(role, key),
        },
      },
      predroppable: {
        enabled: false,
        events: {
          set: () => {
            cancelDropMode(api.state);
            disarmed();
            callbacks.current.onPremoveSet();
          },
        },
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
    legalDrops.current = moves.drops;
    // Crazyhouse's rules still loading: the board waits for them.
    const canAct = playerColor !== null && following && loadedRules !== undefined;
    const myTurn = canAct && turn === playerColor && !pending;
    api.set({
      fen,
      orientation,
      turnColor: turn,
      check: moves.check,
      lastMove: asKeys(squaresOfUci(lastUci)),
      movable: { color: canAct ? (playerColor ?? undefined) : undefined, dests: myTurn ? asDests(moves.dests) : new Map() },
      premovable: { enabled: canAct && premoves },
      predroppable: { enabled: canAct && premoves && props.rules === "crazyhouse" },
    });
    if (!canAct) {
      api.cancelPremove();
      api.cancelPredrop();
    } else if (myTurn && !api.playPremove()) api.playPredrop((drop) => moves.drops.has(dropUci(drop.role, drop.key)));
  }, [fen, rules, loadedRules, props.rules, orientation, playerColor, following, pending, premoves, lastUci, resetToken, cancelled]);

  // Crazyhouse: the pockets drop through this board while its player may act.
  const dropper = props.rules === "crazyhouse" && playerColor !== null && following && loadedRules !== undefined ? playerColor : null;
  useEffect(() => {
    if (!dropper) return;
    offerDropHandle({
      select: (role) => {
        const api = apiRef.current;
        if (!api) return;
        if (role) setDropMode(api.state, { color: dropper, role });
        else cancelDropMode(api.state);
      },
      drag: (role, event) => apiRef.current?.dragNewPiece({ color: dropper, role }, event),
    });
    return () => offerDropHandle(null);
  }, [dropper]);

  return (
    <>
      <div ref={hostRef} className="cg-wrap ks-board-live" role="group" tabIndex={0} aria-label={props.label} aria-describedby={props.describedBy} />
      {promotion && playerColor && (
        <Suspense fallback={null}>
          <PromotionDialog
            color={playerColor}
            onChoose={(letter) => {
              setPromotion(null);
              props.onMove(`${promotion}${letter}`);
            }}
            onCancel={() => {
              setPromotion(null);
              setCancelled((count) => count + 1);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
