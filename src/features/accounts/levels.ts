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
