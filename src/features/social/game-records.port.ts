/**
 * What the user card, the profile and the member callbacks need from online
 * play, as a port: social is built before play (play reads social's blocks),
 * so play registers its source here when its services are built
 * (play.feature.server.ts). Until then, and in a site without play, every
 * answer is the honest "no games".
 */
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

export const noGameRecords: GameRecordSource = {
  ratingsOf: async () => [],
  lifetimeScore: async () => ({ win: 0, lose: 0, draw: 0 }),
  recentOpponents: async () => [],
};

export interface GameRecordsPort extends GameRecordSource {
  /** Called once by the feature that records games. */
  provide(source: GameRecordSource): void;
}

export function createGameRecordsPort(): GameRecordsPort {
  let source = noGameRecords;
  return {
    provide(next) {
      source = next;
    },
    ratingsOf: (memberId) => source.ratingsOf(memberId),
    lifetimeScore: (memberId, opponentId) => source.lifetimeScore(memberId, opponentId),
    recentOpponents: (memberId, limit) => source.recentOpponents(memberId, limit),
  };
}
