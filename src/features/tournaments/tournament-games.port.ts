/**
 * What a tournament asks of online play and of the ratings, which it does
 * not import (decision 0045): start its pairings' games, tagged with the
 * tournament; halve a player's clock on berserk; a player's rating. Provided
 * in the composition root (src/app/tournaments-sources.server.ts). Results
 * come back by play's game-ended domain event, never through this port.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { RatingType } from "../ratings/rating-types.ts";

export interface TournamentGameTerms {
  readonly rules: "standard" | "chess960";
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
  readonly rated: boolean;
}

export interface TournamentGamesSource {
  /** Starts every pairing's game in one commit, all or none; answers their game ids in the pairings' order. */
  startGames(tournamentId: number, terms: TournamentGameTerms, pairings: readonly { readonly whiteId: number; readonly blackId: number }[]): Promise<readonly number[]>;
  /** Halves the member's clock before their first move; false when play refuses (moved already, not their game, over). */
  berserk(memberId: number, gameId: number): Promise<boolean>;
}

export interface TournamentRatingsSource {
  /** The member's rating of the type (a new player's when they have none). */
  currentRating(memberId: number, type: RatingType): Promise<number>;
}

/** The demo site's players (decision 0054), who play a demo arena's games among themselves. */
export interface TournamentDemoSource {
  actors(): Promise<readonly number[]>;
  /** Plays these games as the demo's own when both players are demo players. */
  adopt(games: readonly { readonly gameId: number; readonly whiteId: number; readonly blackId: number }[]): Promise<void>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    tournamentGames: TournamentGamesSource;
    tournamentRatings: TournamentRatingsSource;
    tournamentDemo: TournamentDemoSource;
  }
}

export function tournamentGamesThrough(ports: PortAccess): TournamentGamesSource {
  return {
    startGames: (tournamentId, terms, pairings) => ports.get("tournamentGames").startGames(tournamentId, terms, pairings),
    berserk: (memberId, gameId) => ports.get("tournamentGames").berserk(memberId, gameId),
  };
}

export function tournamentRatingsThrough(ports: PortAccess): TournamentRatingsSource {
  return { currentRating: (memberId, type) => ports.get("tournamentRatings").currentRating(memberId, type) };
}

export function tournamentDemoThrough(ports: PortAccess): TournamentDemoSource {
  return { actors: () => ports.get("tournamentDemo").actors(), adopt: (games) => ports.get("tournamentDemo").adopt(games) };
}
