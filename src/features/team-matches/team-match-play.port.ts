/**
 * What team matches ask of online play and ratings (decision 0072): the
 * players' ratings and the boards' games. Team matches do not import play; a
 * declared port, provided in the composition root
 * (src/app/team-matches-play.server.ts).
 */
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { TeamMatchKind, TeamMatchRules } from "./team-matches.schema.ts";

export interface TeamMatchGameTerms {
  readonly kind: TeamMatchKind;
  readonly rules: TeamMatchRules;
  readonly daysPerMove: number | null;
  readonly baseSeconds: number | null;
  readonly incrementSeconds: number | null;
  readonly rated: boolean;
}

export interface TeamMatchPlaySource {
  /** Each member's rating of the type these terms are rated in (a new player's rating when they have none). */
  ratingsOf(memberIds: readonly number[], terms: TeamMatchGameTerms): Promise<ReadonlyMap<number, number>>;
  /** Starts every game in one commit, each tagged with the match; answers their ids in order. */
  startGames(matchId: number, terms: TeamMatchGameTerms, games: readonly { readonly whiteId: number; readonly blackId: number }[]): Promise<number[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    teamMatchPlay: TeamMatchPlaySource;
  }
}

export function teamMatchPlayThrough(ports: PortAccess): TeamMatchPlaySource {
  return {
    ratingsOf: (memberIds, terms) => ports.get("teamMatchPlay").ratingsOf(memberIds, terms),
    startGames: (matchId, terms, games) => ports.get("teamMatchPlay").startGames(matchId, terms, games),
  };
}
