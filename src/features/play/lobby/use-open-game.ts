import { useNavigate } from "react-router";
import { useLinks } from "../../../platform/links/use-links.ts";
import { gameRouteName, speedOfGame, type GameSpeed } from "./game-links.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";

/** Goes to a game page (a known speed saves asking the server). */
export function useOpenGame(): (gameId: number, speed?: GameSpeed) => Promise<void> {
  const navigate = useNavigate();
  const link = useLinks();
  const send = useSocketCommand();
  return async (gameId, speed) => {
    const known = speed ?? (await speedOfGame(gameId, send));
    await navigate(link(gameRouteName(known), { id: String(gameId) }));
  };
}
