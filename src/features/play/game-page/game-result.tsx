import { resultNotation } from "../../../chess/outcome.ts";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { gamePgnPath } from "../archive/pgn-path.ts";
import type { GameView } from "../play.schema.ts";
import { analysisBoardHref } from "./analysis-link.ts";

/**
 * The end: who won (or a draw, or an abort), why, each player's rating change
 * and the rating it leads to ("+8 → 1508"), and the game's PGN to download.
 */
export function GameResult({ view }: { readonly view: GameView }) {
  const intl = useIntl();
  const ending = view.ending;
  if (!ending) return null;
  const headline =
    ending.result === "1-0" ? "game.result.white" : ending.result === "0-1" ? "game.result.black" : ending.result === "1/2-1/2" ? "game.result.draw" : "game.result.aborted";
  const diffs = ending.ratingDiffs;
  const change = (color: "white" | "black") => {
    const { username, rating } = view[color];
    const diff = diffs?.[color] ?? 0;
    const signed = `${diff > 0 ? "+" : ""}${intl.formatNumber(diff)}`;
    return rating === null ? `${username} ${signed}` : intl.formatMessage({ id: "game.result.rating" }, { username, diff: signed, rating: intl.formatNumber(rating + diff, { useGrouping: false }) });
  };
  const analysis = analysisBoardHref?.(view.id);
  return (
    <div className="ks-game-result" role="status" aria-live="polite" data-result={ending.result}>
      <p className="ks-game-result-score">{resultNotation(ending.result)}</p>
      <p className="ks-game-result-text">
        <strong>{intl.formatMessage({ id: headline })}</strong> {intl.formatMessage({ id: `game.reason.${ending.reason}`, defaultMessage: ending.reason })}
      </p>
      {diffs && (
        <p className="ks-game-result-ratings">
          <span>{change("white")}</span>
          <span>{change("black")}</span>
        </p>
      )}
      {ending.result !== "*" && (
        <p className="ks-game-result-links">
          <a href={gamePgnPath(view.id)} download={`kingside-${view.id}.pgn`} className="ks-game-pgn">
            {intl.formatMessage({ id: "game.result.pgn" })}
          </a>
          {analysis && <a href={analysis}>{intl.formatMessage({ id: "game.result.analyse" })}</a>}
        </p>
      )}
    </div>
  );
}
