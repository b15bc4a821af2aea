/**
 * The public leaderboards and player stats (issue 23 item 8) in the shape
 * public-API clients read (chess-web-api's getLeaderboards, getPlayerStats):
 * which rating type each key names, and the presenters. Server-only data in,
 * plain JSON out.
 */
import type { RatingType } from "../../ratings/rating-types.ts";
import type { RatingRecordView } from "../../ratings/ratings.service.server.ts";
import type { PublicOrigins } from "../../members/public-api/public-api.schema.ts";
import { absoluteImageUrl } from "../../members/public-api/public-api.presenter.ts";
import { countryApiUrl } from "../../members/public-api/public-country.ts";
import type { PlacedLeader } from "../leaderboards.service.server.ts";

/** Each public board and the rating it ranks; null while its activity is not built (an empty list). */
export const publicBoards: ReadonlyArray<readonly [key: string, type: RatingType | null]> = [
  ["daily", "daily"],
  ["daily960", "daily960"],
  ["live_rapid", "rapid"],
  ["live_blitz", "blitz"],
  ["live_bullet", "bullet"],
  ["live_bughouse", "livebug"],
  ["live_blitz960", "live960"],
  ["live_threecheck", "live3check"],
  ["live_crazyhouse", "livezh"],
  ["live_kingofthehill", "livekoth"],
  ["lessons", null],
  ["tactics", null],
];

/** How many leaders each public board lists. */
export const PUBLIC_BOARD_SIZE = 50;

/** A country's players list names at most this many members (a shared cache keeps it five minutes). */
export const PUBLIC_COUNTRY_PLAYERS = 10_000;

/** The titles /pub/titled/{title} lists, as the widely used public API names them. */
export const publicTitles = ["GM", "IM", "FM", "CM", "NM", "WGM", "WIM", "WFM", "WCM", "WNM"] as const;
/** At most this many usernames in a titled list. */
export const PUBLIC_TITLED_PLAYERS = 10_000;

/** The title a /pub/titled/{title} path names (either case), or null when it is none of the public titles. */
export function publicTitleOf(params: unknown): (typeof publicTitles)[number] | null {
  const raw = typeof params === "object" && params !== null && "title" in params && typeof params.title === "string" ? params.title.toUpperCase() : "";
  return publicTitles.find((title) => title === raw) ?? null;
}

/** The stats keys: standard chess as the widely used names, each variant's live and daily types under their own. */
const statsKeys: Readonly<Partial<Record<RatingType, string>>> = {
  daily: "chess_daily",
  daily960: "chess960_daily",
  rapid: "chess_rapid",
  blitz: "chess_blitz",
  bullet: "chess_bullet",
  live960: "chess960_live",
  livezh: "crazyhouse_live",
  dailyzh: "crazyhouse_daily",
  livekoth: "kingofthehill_live",
  dailykoth: "kingofthehill_daily",
  live3check: "threecheck_live",
  daily3check: "threecheck_daily",
  livebug: "bughouse_live",
  dailybug: "bughouse_daily",
};

const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

export function presentPublicLeader(leader: PlacedLeader, origins: PublicOrigins) {
  const name = leader.user.username.toLowerCase();
  const avatar = absoluteImageUrl(leader.user.avatarUrl, origins);
  return {
    player_id: leader.memberId,
    "@id": `${origins.api}/player/${name}`,
    url: `${origins.site}/member/${name}`,
    username: leader.user.username,
    score: leader.score,
    rank: leader.rank,
    country: countryApiUrl(origins, leader.user.countryCode),
    ...(leader.user.chessTitle ? { title: leader.user.chessTitle } : {}),
    ...(avatar ? { avatar } : {}),
    flair_code: leader.user.flairCode,
    win_count: leader.totalWinCount,
    loss_count: leader.totalLossCount,
    draw_count: leader.totalDrawCount,
    ...(leader.trend ? { trend_score: leader.trend.score, trend_rank: leader.trend.rank } : {}),
  };
}

export function presentPublicStats(records: readonly RatingRecordView[], origins: PublicOrigins): Record<string, unknown> {
  const stats: Record<string, unknown> = {};
  for (const record of records) {
    const key = statsKeys[record.type];
    if (!key) continue;
    stats[key] = {
      last: { rating: record.rating, date: seconds(record.updatedAt), rd: record.deviation },
      ...(record.best ? { best: { rating: record.best.rating, date: seconds(record.best.at), game: `${origins.site}/game/${record.best.gameId}` } } : {}),
      record: { win: record.wins, loss: record.losses, draw: record.draws },
    };
  }
  return stats;
}
