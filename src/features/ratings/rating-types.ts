/**
 * The rating types: which rating a game (or a puzzle) counts for. Isomorphic,
 * no I/O, no zod (the browser may read it to name a type).
 *
 * Standard chess is rated per speed when live (bullet, blitz, rapid) and once
 * for daily games; every other variant has one live and one daily type (as on
 * lichess, a variant's pool is too small to split by speed); puzzles have
 * their own. A key is at most 12 characters: it is stored in `rating_type`
 * columns, the games table's among them. The six keys of the first release
 * (bullet, blitz, rapid, daily, live960, daily960) are kept as they were.
 */
import { speedCategory, type TimeControl } from "../../chess/time-control.ts";

/** The variants a game can be rated in (the rules ids of src/chess, present and announced). */
export const ratedVariants = ["standard", "chess960", "crazyhouse", "kingOfTheHill", "threeCheck", "bughouse"] as const;
export type RatedVariant = (typeof ratedVariants)[number];

export type RatingMode = "live" | "daily" | "puzzle";

export interface RatingTypeDefinition {
  readonly mode: RatingMode;
  /** null for puzzles. */
  readonly variant: RatedVariant | null;
  /** Live standard chess only. */
  readonly speed: "bullet" | "blitz" | "rapid" | null;
  /** Team games (bughouse): each side is two members. */
  readonly team: boolean;
}

const live = (variant: RatedVariant, team = false): RatingTypeDefinition => ({ mode: "live", variant, speed: null, team });
const daily = (variant: RatedVariant, team = false): RatingTypeDefinition => ({ mode: "daily", variant, speed: null, team });

/** Every rating type, in the order the site lists them. */
export const ratingTypeCatalogue = {
  bullet: { mode: "live", variant: "standard", speed: "bullet", team: false },
  blitz: { mode: "live", variant: "standard", speed: "blitz", team: false },
  rapid: { mode: "live", variant: "standard", speed: "rapid", team: false },
  daily: daily("standard"),
  live960: live("chess960"),
  daily960: daily("chess960"),
  livezh: live("crazyhouse"),
  dailyzh: daily("crazyhouse"),
  livekoth: live("kingOfTheHill"),
  dailykoth: daily("kingOfTheHill"),
  live3check: live("threeCheck"),
  daily3check: daily("threeCheck"),
  livebug: live("bughouse", true),
  dailybug: daily("bughouse", true),
  puzzle: { mode: "puzzle", variant: null, speed: null, team: false },
} as const satisfies Record<string, RatingTypeDefinition>;

export type RatingType = keyof typeof ratingTypeCatalogue;

export const isRatingType = (value: string): value is RatingType => Object.hasOwn(ratingTypeCatalogue, value);

export const ratingTypes: readonly RatingType[] = Object.keys(ratingTypeCatalogue).filter(isRatingType);

/** The type a game of this variant and time control counts for. */
export function ratingTypeOf(variant: RatedVariant, control: TimeControl): RatingType {
  const mode = control.kind;
  if (variant === "standard") return mode === "daily" ? "daily" : speedCategory(control);
  const found = ratingTypes.find((type) => {
    const definition: RatingTypeDefinition = ratingTypeCatalogue[type];
    return definition.variant === variant && definition.mode === mode;
  });
  if (!found) throw new Error(`no ${mode} rating type for ${variant}`);
  return found;
}
