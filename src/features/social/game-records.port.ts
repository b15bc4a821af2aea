/**
 * What the member callbacks need from online play (lifetime scores, recent
 * opponents), as a declared port (decision 0045): social needs it, play provides it
 * (play.feature.server.ts); a list without a provider fails the start.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { LifetimeScore } from "./social.schema.ts";

export interface GameRecordSource {
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
    lifetimeScore: (memberId, opponentId) => ports.get("gameRecords").lifetimeScore(memberId, opponentId),
    recentOpponents: (memberId, limit) => ports.get("gameRecords").recentOpponents(memberId, limit),
  };
}
