import { data, redirect } from "react-router";
import type { Route } from "./+types/game-page";
import { generateLink } from "../../../platform/links/links.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { GameScreen, playerControls, type GameRole } from "./game-screen.tsx";
import { chatComposerModule } from "../chat/game-chat.tsx";
import { hasAtLeast } from "../../accounts/levels.ts";
import "@lichess-org/chessground/assets/chessground.base.css";
import "./game-page.css";

/**
 * /game/live/{id} and /game/{id}: a live or daily game, for its players and
 * anyone watching. Server-rendered with a static board; the interactive
 * board and the rules load in the browser afterwards. A game asked for under
 * the other kind's URL is sent to its own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const id = Number(page.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const game = await context.services.games.view(id);
  if (!game) throw data(null, { status: 404 });
  const rightRoute = game.control.kind === "live" ? "web_game_live" : "web_game";
  if (page.route.name !== rightRoute) throw redirect(generateLink(rightRoute, { id }, { locale: page.pathLocale }));
  const viewer = context.viewer;
  const name = viewer.isLoggedIn ? viewer.username.toLowerCase() : null;
  const role: GameRole = name && name === game.white.username.toLowerCase() ? "white" : name && name === game.black.username.toLowerCase() ? "black" : "spectator";
  // A player's controls are their own chunk: loaded before the server renders them.
  if (role !== "spectator") await playerControls.ready();
  if (viewer.isLoggedIn) await chatComposerModule.ready();
  return { game, role, viewerId: viewer.isLoggedIn ? viewer.id : null, boardOptions: viewer.boardOptions, awardTo: await awardRecipient(context, game, role) };
}

/**
 * Whom a player may offer a trophy from this game: the opponent, when both are
 * members (not guests) and the game was not aborted. The trophies service
 * decides the rest (blocks, the allowance) when the award is sent.
 */
async function awardRecipient(context: Route.LoaderArgs["context"], game: { readonly white: { readonly username: string }; readonly black: { readonly username: string }; readonly status: string }, role: GameRole): Promise<string | null> {
  const { viewer } = context;
  if (role === "spectator" || game.status === "aborted" || !viewer.isLoggedIn || !hasAtLeast(viewer.membershipLevel, "basic")) return null;
  const opponent = await context.services.memberDirectory.memberByUsername(role === "white" ? game.black.username : game.white.username);
  return opponent && opponent.isEnabled && hasAtLeast(opponent.membershipLevel, "basic") ? opponent.username : null;
}

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { game, role, viewerId, boardOptions, awardTo } = loaderData;
  // A new game (a rematch) starts a new screen, not a continuation of this one.
  return <GameScreen key={game.id} initial={game} role={role} viewerId={viewerId} options={boardOptions} awardTo={awardTo} />;
}
