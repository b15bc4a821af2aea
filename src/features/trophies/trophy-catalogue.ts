/**
 * The trophies the site knows (spec 001 §3.8, §7.5), isomorphic. Social
 * trophies are what members award each other; achievement trophies are what
 * the site awards when a domain event shows one earned (trophy-achievements.server.ts).
 * Ids are numeric and stable (they are stored and sent in routes); a trophy's
 * name and description are messages named literally (decision 0029).
 */
export const trophyTypes = ["social", "achievement"] as const;
export type TrophyType = (typeof trophyTypes)[number];

export interface Trophy {
  readonly id: number;
  readonly code: string;
  readonly type: TrophyType;
  /** The image: one symbol of public/trophies/trophy-sprite.svg. */
  readonly image: string;
}

export const trophyCatalogue = [
  { id: 1, code: "good_game", type: "social", image: "cup" },
  { id: 2, code: "brilliant_move", type: "social", image: "star" },
  { id: 3, code: "great_sport", type: "social", image: "handshake" },
  { id: 4, code: "helpful", type: "social", image: "heart" },
  { id: 5, code: "comeback", type: "social", image: "phoenix" },
  { id: 6, code: "fast_hands", type: "social", image: "bolt" },
  { id: 7, code: "endgame_master", type: "social", image: "crown" },
  { id: 8, code: "thanks_for_lesson", type: "social", image: "book" },
  { id: 101, code: "first_win", type: "achievement", image: "medal" },
  { id: 102, code: "first_club", type: "achievement", image: "flag" },
  { id: 103, code: "streak_3", type: "achievement", image: "flame" },
  { id: 104, code: "streak_5", type: "achievement", image: "flame" },
  { id: 105, code: "streak_10", type: "achievement", image: "flame" },
  { id: 106, code: "rating_1500", type: "achievement", image: "mountain" },
  { id: 107, code: "rating_1800", type: "achievement", image: "mountain" },
  { id: 108, code: "rating_2000", type: "achievement", image: "mountain" },
] as const satisfies readonly Trophy[];

export type TrophyCode = (typeof trophyCatalogue)[number]["code"];

const byId: ReadonlyMap<number, Trophy> = new Map(trophyCatalogue.map((trophy) => [trophy.id, trophy]));
const byCode: ReadonlyMap<string, Trophy> = new Map(trophyCatalogue.map((trophy) => [trophy.code, trophy]));

export function trophyById(id: number): Trophy | undefined {
  return byId.get(id);
}

export function trophyByCode(code: TrophyCode): Trophy {
  const trophy = byCode.get(code);
  if (!trophy) throw new Error(`no trophy ${code}`);
  return trophy;
}

export function isTrophyType(value: string): value is TrophyType {
  return (trophyTypes as readonly string[]).includes(value);
}

/** The trophy's name and description message ids, written out (decision 0029: a page is sent the messages its code names). */
export const trophyMessageIds = {
  good_game: ["trophies.name.good_game", "trophies.description.good_game"],
  brilliant_move: ["trophies.name.brilliant_move", "trophies.description.brilliant_move"],
  great_sport: ["trophies.name.great_sport", "trophies.description.great_sport"],
  helpful: ["trophies.name.helpful", "trophies.description.helpful"],
  comeback: ["trophies.name.comeback", "trophies.description.comeback"],
  fast_hands: ["trophies.name.fast_hands", "trophies.description.fast_hands"],
  endgame_master: ["trophies.name.endgame_master", "trophies.description.endgame_master"],
  thanks_for_lesson: ["trophies.name.thanks_for_lesson", "trophies.description.thanks_for_lesson"],
  first_win: ["trophies.name.first_win", "trophies.description.first_win"],
  first_club: ["trophies.name.first_club", "trophies.description.first_club"],
  streak_3: ["trophies.name.streak_3", "trophies.description.streak_3"],
  streak_5: ["trophies.name.streak_5", "trophies.description.streak_5"],
  streak_10: ["trophies.name.streak_10", "trophies.description.streak_10"],
  rating_1500: ["trophies.name.rating_1500", "trophies.description.rating_1500"],
  rating_1800: ["trophies.name.rating_1800", "trophies.description.rating_1800"],
  rating_2000: ["trophies.name.rating_2000", "trophies.description.rating_2000"],
} as const satisfies Record<TrophyCode, readonly [string, string]>;

/** Win streaks that earn a trophy, and the ratings reached that do. */
export const streakTrophies = [
  { wins: 3, code: "streak_3" },
  { wins: 5, code: "streak_5" },
  { wins: 10, code: "streak_10" },
] as const satisfies readonly { wins: number; code: TrophyCode }[];

export const ratingTrophies = [
  { rating: 1500, code: "rating_1500" },
  { rating: 1800, code: "rating_1800" },
  { rating: 2000, code: "rating_2000" },
] as const satisfies readonly { rating: number; code: TrophyCode }[];
