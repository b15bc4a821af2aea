/**
 * A game page's game as PGN, in the browser: the share modal loads this
 * module (and the PGN writer) only when the member asks for the PGN, so
 * pages never carry it up front. No chessops: the moves are already in SAN.
 */
import { decisiveReasons, drawReasons, type GameOutcome } from "../../../chess/outcome.ts";
import { writePgn } from "../../../chess/pgn.ts";
import type { GameEnding, GameView } from "../play.schema.ts";

function outcomeOf(ending: GameEnding | null): GameOutcome | undefined {
  if (!ending) return undefined;
  const { result, reason } = ending;
  if (result === "*") return { result, winner: undefined, reason: "aborted" };
  if (result === "1/2-1/2") {
    const drawReason = drawReasons.find((known) => known === reason);
    return drawReason ? { result, winner: undefined, reason: drawReason } : undefined;
  }
  const decisiveReason = decisiveReasons.find((known) => known === reason);
  return decisiveReason ? { result, winner: result === "1-0" ? "white" : "black", reason: decisiveReason } : undefined;
}

/** `site` is the game's address (the Site tag), e.g. https://kingside.example/game/live/1001. */
export function gamePgn(game: GameView, site: string): string {
  const rated = game.rated ? "Rated" : "Casual";
  const speed = game.control.kind === "live" ? "Live" : "Daily";
  return writePgn({
    event: `${rated} ${speed} game`,
    site,
    startedAt: new Date(game.createdAt),
    white: game.white.username,
    black: game.black.username,
    rules: game.rules,
    initialFen: game.initialFen,
    timeControl: game.control,
    outcome: outcomeOf(game.ending),
    moves: game.moves.map((move) => (move.clockMs === null ? { san: move.san } : { san: move.san, clockMs: move.clockMs })),
    extraTags: [
      ...(game.white.rating !== null ? ([["WhiteElo", String(game.white.rating)]] as const) : []),
      ...(game.black.rating !== null ? ([["BlackElo", String(game.black.rating)]] as const) : []),
      ["Link", site],
    ],
  });
}
