/**
 * What the user card, the profile and the member callbacks need from online
 * play, as a declared port (decision 0045): social needs it, play provides it
 * (play.feature.server.ts); a list without a provider fails the start.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { LifetimeScore } from "./social.schema.ts";

export interface MemberRating {
  /** bullet, blitz, rapid, daily, live960, daily960. */
  readonly type: string;
  readonly rating: number;
  /** Too few games for the rating to be trusted yet: shown with a "?". */
  readonly provisional: boolean;
  readonly games: number;
  /** The highest rating reached in the type. */
  readonly best: number | null;
}

export interface GameRecordSource {
  /** The member's ratings, most played first. */
  ratingsOf(memberId: number): Promise<readonly MemberRating[]>;
  /** Wins, losses and draws of `memberId` against `opponentId`. */
  lifetimeScore(memberId: number, opponentId: number): Promise<LifetimeScore>;
  /** Member ids of the latest opponents, newest first, each once. */
  recentOpponents(memberId: number, limit: number): Promise<readonly number[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    gameRecords: GameRecordSource;
  }
}

/** The game records, read through the port when asked (the provider is composed after social). */
export function gameRecordsThrough(ports: PortAccess): GameRecordSource {
  return {
    ratingsOf: (memberId) => ports.get("gameRecords").ratingsOf(memberId),
    lifetimeScore: (memberId, opponentId) => ports.get("gameRecords").lifetimeScore(memberId, opponentId),
    recentOpponents: (memberId, limit) => ports.get("gameRecords").recentOpponents(memberId, limit),
  };
}
