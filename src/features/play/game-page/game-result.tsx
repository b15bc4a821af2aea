import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { GameView } from "../play.schema.ts";

/** The end: who won (or a draw, or an abort), why, and each player's rating change. */
export function GameResult({ view }: { readonly view: GameView }) {
  const intl = useIntl();
  const ending = view.ending;
  if (!ending) return null;
  const headline =
    ending.result === "1-0" ? "game.result.white" : ending.result === "0-1" ? "game.result.black" : ending.result === "1/2-1/2" ? "game.result.draw" : "game.result.aborted";
  const diffs = ending.ratingDiffs;
  const signed = (value: number) => `${value > 0 ? "+" : ""}${intl.formatNumber(value)}`;
  return (
    <div className="ks-game-result" role="status" aria-live="polite" data-result={ending.result}>
      <p className="ks-game-result-score">{ending.result === "*" ? "–" : ending.result.replaceAll("1/2", "½")}</p>
      <p className="ks-game-result-text">
        <strong>{intl.formatMessage({ id: headline })}</strong> {intl.formatMessage({ id: `game.reason.${ending.reason}`, defaultMessage: ending.reason })}
      </p>
      {diffs && (
        <p className="ks-game-result-ratings">
          <span>
            {view.white.username} {signed(diffs.white)}
          </span>
          <span>
            {view.black.username} {signed(diffs.black)}
          </span>
        </p>
      )}
    </div>
  );
}
