/**
 * Three-check's checks given by each side, beside the player bars (king of
 * the hill's centre squares are CSS: game-page.css). No chess module: the
 * checks are read off the moves' SAN.
 */
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { PieceColor } from "./fen-board.ts";

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
    <p className="ks-checks-given" data-color={color} data-checks={count} aria-label={label} title={label}>
      {[0, 1, 2].map((index) => (
        <span key={index} className={`ks-check-mark${index < count ? " ks-check-mark-given" : ""}`} aria-hidden="true" />
      ))}
      <span aria-hidden="true">{`${count}/3`}</span>
    </p>
  );
}
