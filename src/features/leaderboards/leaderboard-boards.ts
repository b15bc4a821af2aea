/**
 * The leaderboards (spec 001 §3.1): every board, the page it lives at, the
 * rating it ranks and how its table looks. Isomorphic, no I/O: the loader
 * picks the board of a URL, the page draws its columns and links from it.
 */
import type { RatingType } from "../ratings/rating-types.ts";

/** The live boards' {type} values (spec 000 §2); lightning and standard are old names of bullet and rapid. */
export const liveBoardTypes = ["blitz", "bullet", "rapid", "bughouse", "crazyhouse", "kingofthehill", "threecheck", "chess960"] as const;
export const liveBoardAliases = { lightning: "bullet", standard: "rapid" } as const;
export const dailyBoardTypes = ["chess", "chess960"] as const;

export type LiveBoardType = (typeof liveBoardTypes)[number];
export type DailyBoardType = (typeof dailyBoardTypes)[number];

/** What a board ranks: a rating, or an activity not built yet (tactics, puzzle rush, lessons, club competitions). */
export type BoardKind = "rated" | "tactics" | "puzzle_rush" | "lessons" | "clubs";

/** Where a row's rank links: the stats page of its type, the overview, the profile (spec 001 §2.2), or the club. */
export type RankLink = "stats_live" | "stats_daily" | "stats_bughouse" | "stats" | "profile" | "club";

export interface BoardDefinition {
  /** The page and its parameters. */
  readonly route:
    | { readonly name: "web_leaderboard_live"; readonly type: LiveBoardType }
    | { readonly name: "web_leaderboard_daily"; readonly type: DailyBoardType }
    | { readonly name: "web_leaderboard_tactics" | "web_leaderboard_puzzle_rush" | "web_leaderboard_lessons" | "web_leaderboard_clubs_matches" | "web_leaderboard_clubs_live_matches" | "web_leaderboard_clubs_votechess" };
  readonly kind: BoardKind;
  /** The rating ranked; null while the board's activity is not built (it shows the empty state). */
  readonly ratingType: RatingType | null;
  readonly rankLink: RankLink;
  /** Daily and live boards show won, drawn and lost, and the score's change (spec 001 §2.1). */
  readonly gameColumns: boolean;
  /** The sidebar stats panel is hidden for these (spec 001 §2.3). */
  readonly sidebar: boolean;
  /** Friends-only is never offered on club match and vote chess boards. */
  readonly friendsFilter: boolean;
}

const live = (type: LiveBoardType, ratingType: RatingType, rankLink: RankLink, sidebar: boolean): BoardDefinition => ({
  route: { name: "web_leaderboard_live", type },
  kind: "rated",
  ratingType,
  rankLink,
  gameColumns: true,
  sidebar,
  friendsFilter: true,
});
const daily = (type: DailyBoardType, ratingType: RatingType, sidebar: boolean): BoardDefinition => ({
  route: { name: "web_leaderboard_daily", type },
  kind: "rated",
  ratingType,
  rankLink: "stats_daily",
  gameColumns: true,
  sidebar,
  friendsFilter: true,
});
const unbuilt = (name: "web_leaderboard_tactics" | "web_leaderboard_puzzle_rush" | "web_leaderboard_lessons", kind: BoardKind, rankLink: RankLink, sidebar: boolean): BoardDefinition => ({
  route: { name },
  kind,
  ratingType: null,
  rankLink,
  gameColumns: false,
  sidebar,
  friendsFilter: true,
});
const clubs = (name: "web_leaderboard_clubs_matches" | "web_leaderboard_clubs_live_matches" | "web_leaderboard_clubs_votechess"): BoardDefinition => ({
  route: { name },
  kind: "clubs",
  ratingType: null,
  rankLink: "club",
  gameColumns: false,
  sidebar: false,
  friendsFilter: false,
});

/** Every board, in the order the game-type dropdown lists them. */
export const boards = {
  blitz: live("blitz", "blitz", "stats_live", true),
  bullet: live("bullet", "bullet", "stats_live", true),
  rapid: live("rapid", "rapid", "stats_live", true),
  daily: daily("chess", "daily", true),
  daily960: daily("chess960", "daily960", false),
  live960: live("chess960", "live960", "stats", false),
  bughouse: live("bughouse", "livebug", "stats_bughouse", true),
  crazyhouse: live("crazyhouse", "livezh", "profile", false),
  kingofthehill: live("kingofthehill", "livekoth", "profile", false),
  threecheck: live("threecheck", "live3check", "profile", false),
  tactics: unbuilt("web_leaderboard_tactics", "tactics", "stats", true),
  puzzle_rush: unbuilt("web_leaderboard_puzzle_rush", "puzzle_rush", "stats", true),
  lessons: unbuilt("web_leaderboard_lessons", "lessons", "profile", false),
  club_matches: clubs("web_leaderboard_clubs_matches"),
  club_live_matches: clubs("web_leaderboard_clubs_live_matches"),
  votechess: clubs("web_leaderboard_clubs_votechess"),
} as const satisfies Record<string, BoardDefinition>;

export type BoardKey = keyof typeof boards;

export const boardKeys: readonly BoardKey[] = Object.keys(boards).filter((key): key is BoardKey => Object.hasOwn(boards, key));

export const boardOf = (key: BoardKey): BoardDefinition => boards[key];

/** The board of a live page's {type}. */
export function liveBoardKey(type: LiveBoardType): BoardKey {
  const key = boardKeys.find((candidate) => {
    const route = boards[candidate].route;
    return route.name === "web_leaderboard_live" && route.type === type;
  });
  if (!key) throw new Error(`no live board ${type}`);
  return key;
}

/** The board of a daily page's {type}. */
export const dailyBoardKey = (type: DailyBoardType): BoardKey => (type === "chess" ? "daily" : "daily960");

/** The score column's label (spec 001 §2.1): Learning Rank for lessons, Puzzles Completed for puzzle rush, otherwise Rating. */
export function scoreLabelId(kind: BoardKind): "leaderboards.column.learning_rank" | "leaderboards.column.puzzles_completed" | "leaderboards.column.rating" {
  if (kind === "lessons") return "leaderboards.column.learning_rank";
  if (kind === "puzzle_rush") return "leaderboards.column.puzzles_completed";
  return "leaderboards.column.rating";
}

/** Rows a page (spec 001 §9). */
export const LEADERBOARD_PAGE_SIZE = 50;
/** The deepest page served: 2,000 pages of 50 is the first 100,000 places (ratings' RANKED_OFFSET_LIMIT). */
export const LEADERBOARD_MAX_PAGE = 2_000;
