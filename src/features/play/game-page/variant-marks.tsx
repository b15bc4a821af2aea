/**
 * The variants' marks beside each player bar, one chunk that only a
 * three-check or crazyhouse game loads (king of the hill's centre squares
 * are CSS: game-page.css): three-check's checks given, read off the moves'
 * SAN, and crazyhouse's pockets (their own chunk, pockets.tsx). No chess
 * module.
 */
import { lazy, Suspense, useMemo } from "react";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { GameView } from "../play.schema.ts";
import { turnOfFen, type PieceColor } from "./fen-board.ts";

const Pocket = lazy(() => importWithRetry(() => import("./pockets.tsx")).then((module) => ({ default: module.Pocket })));

export interface VariantMarksProps {
  readonly color: PieceColor;
  readonly view: GameView;
  /** The position shown: 0 is the start, the moves' count the current one. */
  readonly shownPly: number;
  /** Crazyhouse: this side's pocket is the viewer's to drop from. */
  readonly droppable: boolean;
}

/** Three-check's checks or crazyhouse's pocket of one side. */
export default function VariantMarks({ color, view, shownPly, droppable }: VariantMarksProps) {
  const sans = useMemo(() => view.moves.map((move) => move.san), [view.moves]);
  const ucis = useMemo(() => view.moves.map((move) => move.uci), [view.moves]);
  if (view.rules === "threeCheck") return <ChecksGiven color={color} sans={sans} blackFirst={turnOfFen(view.initialFen) === "black"} />;
  return (
    <Suspense fallback={null}>
      <Pocket color={color} initialFen={view.initialFen} fen={view.fen} ucis={ucis} shownPly={shownPly} droppable={droppable} />
    </Suspense>
  );
}

/** The checks `color` has given in these moves (a SAN ending in + or #), white moving first unless the game starts with black. */
export function checksGiven(sans: readonly string[], color: PieceColor, blackFirst = false): number {
  let count = 0;
  sans.forEach((san, index) => {
    const mover: PieceColor = (index % 2 === 0) !== blackFirst ? "white" : "black";
    if (mover === color && /[+#]$/.test(san)) count += 1;
  });
  return count;
}

/** Three-check: how many of its three checks a side has given, shown beside its player bar (its own chunk: only a three-check game loads it). */
export function ChecksGiven({ color, sans, blackFirst }: { readonly color: PieceColor; readonly sans: readonly string[]; readonly blackFirst: boolean }) {
  const intl = useIntl();
  const count = checksGiven(sans, color, blackFirst);
  const label = intl.formatMessage({ id: "game.checks.given" }, { color: intl.formatMessage({ id: color === "white" ? "game.color.white" : "game.color.black" }), count });
  return (
    <p className="ks-checks-given" data-color={color} data-checks={count} role="img" aria-label={label} title={label}>
      {[0, 1, 2].map((index) => (
        <span key={index} className={`ks-check-mark${index < count ? " ks-check-mark-given" : ""}`} aria-hidden="true" />
      ))}
      <span aria-hidden="true">{`${count}/3`}</span>
    </p>
  );
}
