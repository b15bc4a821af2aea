import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import { publicOriginsOf, publicUsernameOf, registerPublicApiRoutes, sendCacheable } from "../../members/public-api/public-api-scope.server.ts";
import type { ArenaViews } from "../arena-views.server.ts";
import type { ArenasService } from "../arenas.service.server.ts";
import { presentPublicPlayerTournaments, presentPublicTournament } from "./public-tournaments.ts";

/**
 * GET /pub/tournament/{url-id} and /pub/player/{username}/tournaments
 * (issue 26 item 8, arena part), in the player API's scope: the same CORS,
 * limits, conditional GET and api-host aliases.
 */
export async function registerPublicTournamentsApi(app: FastifyInstance, deps: { readonly arenas: ArenasService; readonly arenaViews: ArenaViews; readonly directory: MemberDirectory }): Promise<void> {
  const tournamentHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params: unknown = request.params;
    const url: unknown = params && typeof params === "object" ? Reflect.get(params, "url") : undefined;
    if (typeof url !== "string" || !/^[a-z0-9-]{1,80}$/.test(url)) throw new AppError("not_found");
    const arena = await deps.arenas.arenaByUrl(url);
    if (!arena) throw new AppError("not_found");
    const [view, standings] = await Promise.all([deps.arenaViews.view(arena), deps.arenaViews.allStandings(arena)]);
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicTournament(view, standings, publicOriginsOf(request))) });
  };
  const playerHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const member = await deps.directory.memberByUsername(publicUsernameOf(request));
    if (!member) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicPlayerTournaments(await deps.arenaViews.resultsOf(member.id), publicOriginsOf(request))) });
  };
  await registerPublicApiRoutes(app, {}, [
    { url: "/pub/tournament/:url", handler: tournamentHandler },
    { url: "/pub/player/:username/tournaments", handler: playerHandler },
  ]);
}
