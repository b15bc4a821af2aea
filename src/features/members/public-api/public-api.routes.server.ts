import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import { presentPublicPlayer, presentPublicPlayerClubs } from "./public-api.presenter.ts";
import { createPublicPlayerService, noPublicClubs, type PublicClubsOf, type PublicPlayerSources } from "./public-api.service.server.ts";
import { publicOriginsOf, publicUsernameOf, registerPublicApiRoutes, sendCacheable, type PublicApiLimits } from "./public-api-scope.server.ts";
import { presentPublicCountry, publicCountryCodeOf } from "./public-country.ts";

export interface PublicPlayerApiOptions extends PublicApiLimits {
  /** Where the player's parts come from: the accounts, social and presence features' services. */
  readonly sources: PublicPlayerSources;
  /** The member's clubs (the clubs feature); none when absent. */
  readonly clubsOf?: PublicClubsOf;
}

/**
 * The public player API (issue 4 item 9; docs/decisions/0008): GET
 * /pub/player/{username} and /pub/player/{username}/clubs on every host, and
 * the same without /pub on the api subdomain; and /pub/country/{code}, which
 * every player's and club's answer links to (docs/decisions/0043). The scope (gzip, CORS, limits,
 * caching) is public-api-scope.server.ts, shared with the other /pub resources.
 */
export async function registerPublicPlayerApi(app: FastifyInstance, options: PublicPlayerApiOptions): Promise<void> {
  const players = createPublicPlayerService(options.sources);

  const playerHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const username = publicUsernameOf(request);
    const origins = publicOriginsOf(request);
    const player = await players.player(username);
    if (!player) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicPlayer(player, origins)), lastModified: player.lastModifiedAt });
  };
  const clubsHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const clubs = await players.clubs(publicUsernameOf(request), options.clubsOf ?? noPublicClubs);
    if (!clubs) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicPlayerClubs(clubs, origins)) });
  };
  const countryHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const code = publicCountryCodeOf(request.params);
    if (!code) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicCountry(code, origins)) });
  };

  await registerPublicApiRoutes(app, options, [
    { url: "/pub/player/:username", handler: playerHandler },
    { url: "/pub/player/:username/clubs", handler: clubsHandler },
    { url: "/pub/country/:code", handler: countryHandler },
  ]);
}
