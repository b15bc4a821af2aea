import { useNavigate } from "react-router";
import { useLinks } from "../../../platform/links/use-links.ts";
import { gameRouteName, speedOfGame, type GameSpeed } from "./game-links.ts";
import { usePlayCommand } from "./play-commands.ts";

/** Goes to a game page (a known speed saves asking the server). */
export function useOpenGame(): (gameId: number, speed?: GameSpeed) => Promise<void> {
  const navigate = useNavigate();
  const link = useLinks();
  const send = usePlayCommand();
  return async (gameId, speed) => {
    const known = speed ?? (await speedOfGame(gameId, send));
    await navigate(link(gameRouteName(known), { id: String(gameId) }));
  };
}
