/**
 * Which game a trophy names (the award's optional game link): play knows its
 * games; trophies does not import play. A declared port (decision 0045),
 * provided in the composition root (src/app/trophies-play.server.ts).
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface TrophyGamesSource {
  /** Whether the game is live or daily, or null when there is no such game. */
  gameOf(gameId: number): Promise<{ readonly speed: "live" | "daily" } | null>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    trophyGames: TrophyGamesSource;
  }
}

export function trophyGamesThrough(ports: PortAccess): TrophyGamesSource {
  return { gameOf: (gameId) => ports.get("trophyGames").gameOf(gameId) };
}
