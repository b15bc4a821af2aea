import { z } from "zod";

/**
 * The public player API (issue 4 item 9), shaped like the widely used public
 * chess API's player endpoint. Input is validated with zod; the output is a
 * plain DTO built by the presenter (never a database row).
 */

/** Usernames the API looks up: 3 to 25 of A-Z, a-z, 0-9, "_" and "-". Anything else is a 404. */
export const publicUsernameSchema = z.string().regex(/^[A-Za-z0-9_-]{3,25}$/);

export const publicPlayerParamsSchema = z.object({ username: publicUsernameSchema });
export type PublicPlayerParams = z.infer<typeof publicPlayerParamsSchema>;

/**
 * Account status values. "closed" covers voluntarily and unspecified closures
 * (and accounts staff disabled); "closed:<reason>" names the two closures the
 * community needs to know about; "premium" is silver to diamond.
 */
export const publicPlayerStatuses = ["closed", "closed:fair_play_violations", "closed:abuse", "basic", "premium", "mod", "staff"] as const;
export type PublicPlayerStatus = (typeof publicPlayerStatuses)[number];

/** GET /pub/player/{username}. Optional fields are left out when unknown, never null. */
export interface PublicPlayer {
  /** The canonical API URL of this resource (https://api.<main host>/pub/player/<lower-case username>). */
  readonly "@id": string;
  /** The profile page, with the member's own casing. */
  readonly url: string;
  readonly username: string;
  /** The permanent numeric id. */
  readonly player_id: number;
  readonly title?: string;
  readonly status: PublicPlayerStatus;
  /** First and last name, when the member gave them. */
  readonly name?: string;
  /** Absolute URL of the avatar image. */
  readonly avatar?: string;
  /** Not stored yet: always left out. */
  readonly location?: string;
  /** API URL of the member's country (https://api.<main host>/pub/country/<ISO code>). */
  readonly country: string;
  /** Unix seconds. */
  readonly joined: number;
  /** Unix seconds. */
  readonly last_online: number;
  readonly followers: number;
  readonly is_streamer: boolean;
  readonly verified: boolean;
  /** Leagues do not exist yet: always left out. */
  readonly league?: string;
}

/** One club of a player. */
export interface PublicPlayerClub {
  readonly "@id": string;
  readonly name: string;
  readonly url: string;
  readonly icon?: string;
  /** Unix seconds. */
  readonly joined: number;
  /** Unix seconds. */
  readonly last_activity: number;
}

/** GET /pub/player/{username}/clubs: the clubs the member belongs to. */
export interface PublicPlayerClubs {
  readonly clubs: readonly PublicPlayerClub[];
}

/** The origins a response links to, derived from the request's host. */
export interface PublicOrigins {
  /** The main site, e.g. https://kingside.com */
  readonly site: string;
  /** The API root including /pub, e.g. https://api.kingside.com/pub */
  readonly api: string;
}
