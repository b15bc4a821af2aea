/**
 * What a member's home shows from other features (decision 0057): their
 * games (play), ratings (ratings), friends and follows (social), who is
 * online (presence), their clubs' news (clubs) and names (accounts). The home
 * feature imports none of them: it declares this port, and the composition
 * root's bridge (src/app/home-sources.server.ts) provides it.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface HomeMember {
  readonly id: number;
  readonly username: string;
  readonly avatarUrl: string;
}

export interface HomeGame {
  readonly id: number;
  readonly speed: "live" | "daily";
  readonly opponent: string;
  readonly color: "white" | "black";
  readonly yourMove: boolean;
  /** ISO: when the side to move runs out of time or days. */
  readonly deadlineAt: string | null;
}

export interface HomeRating {
  /** A rating type key: bullet, blitz, rapid, daily, ... */
  readonly type: string;
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
  /** The change over the trend window (0 when no rated game in it). */
  readonly trend: number;
}

export interface HomeClubActivity {
  readonly url: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  /** The newest note, if any. */
  readonly latestNote: { readonly author: string | null; readonly createdAt: string } | null;
  /** The topics with the latest replies. */
  readonly topics: readonly { readonly title: string; readonly path: string; readonly lastPostAt: string }[];
  /** Events going on now and coming up. */
  readonly events: number;
}

export interface HomeClubSuggestion {
  readonly url: string;
  readonly name: string;
  readonly memberCount: number;
}

export interface HomeSources {
  membersByIds(ids: readonly number[]): Promise<ReadonlyMap<number, HomeMember>>;
  /** The ids of the members this member follows. */
  followedIdsOf(memberId: number): Promise<readonly number[]>;
  friendIdsOf(memberId: number): Promise<readonly number[]>;
  /** Which of these members are online now. */
  onlineAmong(memberIds: readonly number[]): Promise<ReadonlySet<number>>;
  /** Games in progress, the member's move first, then by deadline. */
  gamesInProgressOf(memberId: number): Promise<readonly HomeGame[]>;
  /** Ratings, most played first, with their change over `trendDays`. */
  ratingsOf(memberId: number, trendDays: number): Promise<readonly HomeRating[]>;
  clubActivityOf(memberId: number, limit: number): Promise<readonly HomeClubActivity[]>;
  /** A club's name and address, for the feed's "joined a club". */
  clubById(clubId: number): Promise<{ readonly url: string; readonly name: string } | null>;
  followSuggestions(memberId: number, limit: number): Promise<readonly string[]>;
  clubSuggestions(memberId: number, limit: number): Promise<readonly HomeClubSuggestion[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    homeSources: HomeSources;
  }
}

/** The port as the home feature reads it when serving (looked up per call: ports are provided after the services are built). */
export function homeSourcesThrough(ports: PortAccess): () => HomeSources {
  return () => ports.get("homeSources");
}
