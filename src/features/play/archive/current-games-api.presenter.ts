import { turnAtPly } from "../game-actions.ts";
import { publicRulesOf, type PublicRules } from "./public-rules.ts";
import type { CurrentDailyRecord } from "./archive.service.server.ts";

/**
 * A member's daily games in play in the public API, in the shape of the
 * widely used public chess API's current daily games
 * (/pub/player/{username}/games) and its to-move list
 * (/pub/player/{username}/games/to-move), as its clients (chess-web-api's
 * getPlayerCurrentDailyChess and getPlayerToMoveDailyChess) read them.
 * Times are Unix seconds; the players are their API URLs.
 */
export interface PublicCurrentGame {
  readonly url: string;
  /** When the side to move must have moved. */
  readonly move_by: number;
  readonly pgn: string;
  readonly time_control: string;
  /** The last move's time (the start when none was made). */
  readonly last_activity: number;
  readonly rated: boolean;
  readonly turn: "white" | "black";
  readonly fen: string;
  readonly start_time: number;
  readonly time_class: "daily";
  readonly rules: PublicRules;
  readonly white: string;
  readonly black: string;
}

export interface PublicToMoveGame {
  readonly url: string;
  readonly move_by: number;
  /** Present, and true, when the opponent offers this member a draw. */
  readonly draw_offer?: true;
  readonly last_activity: number;
}

export interface CurrentGameLinks {
  readonly gameUrl: (record: CurrentDailyRecord) => string;
  readonly playerUrl: (username: string) => string;
  readonly pgn: (record: CurrentDailyRecord) => string;
}

const seconds = (at: Date | string): number => Math.floor(new Date(at).getTime() / 1000);

function turnOf(record: CurrentDailyRecord): "white" | "black" {
  return turnAtPly(record.moves.length);
}

/** The deadline, or the last activity when the row has none (a game in play always has one). */
const moveBy = (record: CurrentDailyRecord): number => seconds(record.deadlineAt ?? record.lastActivityAt);

export function presentCurrentGame(record: CurrentDailyRecord, links: CurrentGameLinks): PublicCurrentGame {
  const { game } = record;
  const daysPerMove = game.control.kind === "daily" ? game.control.daysPerMove : 1;
  return {
    url: links.gameUrl(record),
    move_by: moveBy(record),
    pgn: links.pgn(record),
    time_control: `1/${daysPerMove * 86_400}`,
    last_activity: seconds(record.lastActivityAt),
    rated: game.rated,
    turn: turnOf(record),
    fen: game.fen,
    start_time: seconds(game.startedAt),
    time_class: "daily",
    rules: publicRulesOf(game.rules),
    white: links.playerUrl(game.white.username),
    black: links.playerUrl(game.black.username),
  };
}

/** The games where it is `username`'s move, the nearest deadline first. */
export function presentToMoveGames(records: readonly CurrentDailyRecord[], username: string, gameUrl: (record: CurrentDailyRecord) => string): PublicToMoveGame[] {
  const key = username.toLowerCase();
  return records.flatMap((record) => {
    const side = record.game.white.username.toLowerCase() === key ? "white" : "black";
    if (turnOf(record) !== side) return [];
    const offered = record.drawOfferBy !== null && record.drawOfferBy !== side;
    return [{ url: gameUrl(record), move_by: moveBy(record), ...(offered ? { draw_offer: true as const } : {}), last_activity: seconds(record.lastActivityAt) }];
  });
}
