/**
 * Membership and role levels (spec 000 §6, 001 §6.1), and the two kinds of
 * check the product makes: cumulative (at least that level) or exact.
 */
export const levels = {
  guest: 0,
  closed_fair_play: 5,
  closed_abuse: 6,
  closed_voluntarily: 7,
  closed_unspecified: 8,
  basic: 10,
  silver: 20,
  gold: 30,
  platinum: 40,
  diamond: 50,
  moderator: 80,
  staff: 90,
} as const;

export type LevelName = keyof typeof levels;
export type Level = (typeof levels)[LevelName];

/**
 * Each level's message id, written out: a page is sent the messages its code
 * names literally (decision 0029), and a template built from the level's name
 * would name every membership message.
 */
export const levelMessageIds = {
  guest: "membership.guest",
  closed_fair_play: "membership.closed_fair_play",
  closed_abuse: "membership.closed_abuse",
  closed_voluntarily: "membership.closed_voluntarily",
  closed_unspecified: "membership.closed_unspecified",
  basic: "membership.basic",
  silver: "membership.silver",
  gold: "membership.gold",
  platinum: "membership.platinum",
  diamond: "membership.diamond",
  moderator: "membership.moderator",
  staff: "membership.staff",
} as const satisfies Record<LevelName, string>;

const levelNames = Object.keys(levels).filter((name): name is LevelName => Object.hasOwn(levels, name));
const nameByLevel: ReadonlyMap<number, LevelName> = new Map(levelNames.map((name) => [levels[name], name]));

/** The level's name; an unknown number reads as the highest named level below it. */
export function membershipName(level: number): LevelName {
  const exact = nameByLevel.get(level);
  if (exact) return exact;
  let best: LevelName = "guest";
  for (const name of levelNames) if (levels[name] <= level) best = name;
  return best;
}

/** Cumulative check: the member is at least this level. */
export function hasAtLeast(level: number, required: LevelName): boolean {
  return level >= levels[required];
}

/** Exact check: the member is exactly this level. */
export function isExactly(level: number, required: LevelName): boolean {
  return level === levels[required];
}

export function isClosedLevel(level: number): boolean {
  return level >= levels.closed_fair_play && level <= levels.closed_unspecified;
}

/** Premium means silver or above (staff and moderators included). */
export function isPremiumLevel(level: number): boolean {
  return hasAtLeast(level, "silver");
}
