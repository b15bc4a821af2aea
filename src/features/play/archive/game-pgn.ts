import { decisiveReasons, drawReasons, type DecisiveReason, type DrawReason, type GameOutcome } from "../../../chess/outcome.ts";
import { writePgn } from "../../../chess/pgn.ts";
import type { ArchivedGameRecord } from "./archive.service.server.ts";

const isDecisive = (reason: string): reason is DecisiveReason => (decisiveReasons as readonly string[]).includes(reason);
const isDrawReason = (reason: string): reason is DrawReason => (drawReasons as readonly string[]).includes(reason);

/** The outcome a finished game's row records (result and termination columns); undefined while it is played. */
export function outcomeOf(game: Pick<ArchivedGameRecord["game"], "result" | "termination">, status: ArchivedGameRecord["status"] = "ended"): GameOutcome | undefined {
  if (status === "playing") return undefined;
  if (status === "aborted") return { result: "*", winner: undefined, reason: "aborted" };
  if (game.result === "1/2-1/2") return { result: "1/2-1/2", winner: undefined, reason: isDrawReason(game.termination) ? game.termination : "agreement" };
  const winner = game.result === "1-0" ? "white" : "black";
  return { result: game.result, winner, reason: isDecisive(game.termination) ? game.termination : "resignation" };
}

const speedWords = { bullet: "Bullet", blitz: "Blitz", rapid: "Rapid", daily: "Daily" } as const;

/**
 * The PGN of a finished game: the Seven Tag Roster, Variant/SetUp/FEN for
 * Chess960, TimeControl, Termination, the players' ratings and the game's
 * link, and a [%clk] comment after every move of a live game.
 * `site` is the site's origin; `gameUrl` the game page's absolute address.
 */
export function archivedGamePgn(record: ArchivedGameRecord, site: string, gameUrl: string): string {
  const { game } = record;
  const extraTags: [string, string][] = [];
  if (game.white.rating !== null) extraTags.push(["WhiteElo", String(game.white.rating)]);
  if (game.black.rating !== null) extraTags.push(["BlackElo", String(game.black.rating)]);
  if (game.white.ratingDiff !== null) extraTags.push(["WhiteRatingDiff", signed(game.white.ratingDiff)]);
  if (game.black.ratingDiff !== null) extraTags.push(["BlackRatingDiff", signed(game.black.ratingDiff)]);
  const ended = new Date(game.endedAt);
  extraTags.push(["UTCDate", pgnUtcDate(new Date(game.startedAt))], ["UTCTime", new Date(game.startedAt).toISOString().slice(11, 19)]);
  extraTags.push(["EndDate", pgnUtcDate(ended)], ["Link", gameUrl]);
  const control = game.control.kind === "live" ? game.control : { kind: "daily" as const, daysPerMove: dailyDays(game.control.daysPerMove) };
  return writePgn({
    event: `${game.rated ? "Rated" : "Casual"} ${speedWords[game.timeClass]} game`,
    site,
    startedAt: new Date(game.startedAt),
    white: game.white.username,
    black: game.black.username,
    rules: game.rules,
    initialFen: record.initialFen,
    timeControl: control,
    outcome: outcomeOf(game, record.status),
    moves: record.moves.map((move) => (move.clockMs !== null && game.speed === "live" ? { san: move.san, clockMs: move.clockMs } : { san: move.san })),
    extraTags,
  });
}

function signed(diff: number): string {
  return diff > 0 ? `+${diff}` : String(diff);
}

function pgnUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", ".");
}

function dailyDays(days: number): 1 | 2 | 3 | 5 | 7 | 14 {
  return days === 2 || days === 3 || days === 5 || days === 7 || days === 14 ? days : 1;
}
