/**
 * Where a game lives: /game/live/{id} for live games, /game/{id} for daily
 * ones. Events that announce a game carry only its id; the snapshot says
 * which kind it is when the page does not know.
 */
import type { SocketHub } from "../../../platform/realtime/socket-provider.tsx";

export type GameSpeed = "live" | "daily";

export function gameRouteName(speed: GameSpeed): "web_game_live" | "web_game" {
  return speed === "daily" ? "web_game" : "web_game_live";
}

/** The game's speed from its snapshot; live when the snapshot cannot be had (the live page shows daily games too). */
export async function speedOfGame(gameId: number, send: SocketHub["command"]): Promise<GameSpeed> {
  const snapshot = await send("game.snapshot", { gameId });
  return snapshot.ok && snapshot.value.control.kind === "daily" ? "daily" : "live";
}
