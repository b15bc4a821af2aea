import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import { publicOriginsOf, publicUsernameOf, registerPublicApiRoutes, sendCacheable } from "../../members/public-api/public-api-scope.server.ts";
import type { LeaderboardsService } from "../leaderboards.service.server.ts";
import type { StatsService } from "../stats/stats.service.server.ts";
import { publicCountryCodeOf } from "../../members/public-api/public-country.ts";
import { PUBLIC_BOARD_SIZE, PUBLIC_COUNTRY_PLAYERS, PUBLIC_TITLED_PLAYERS, presentPublicLeader, presentPublicStats, publicBoards, publicTitleOf } from "./public-leaderboards.ts";

/**
 * GET /pub/leaderboards, /pub/player/{username}/stats and
 * /pub/country/{iso}/players and /pub/titled/{title} (issue 23 item 8),
 * in the player API's scope: the same CORS, limits and conditional GET
 * (ETag, max-age), and the api-host aliases.
 */
export async function registerPublicLeaderboardsApi(app: FastifyInstance, services: { readonly leaderboards: LeaderboardsService; readonly memberStats: StatsService }): Promise<void> {
  const leaderboardsHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const lists = await Promise.all(publicBoards.map(async ([key, type]) => [key, type === null ? [] : (await services.leaderboards.top(type, PUBLIC_BOARD_SIZE)).map((leader) => presentPublicLeader(leader, origins))] as const));
    return sendCacheable(request, reply, { body: JSON.stringify(Object.fromEntries(lists)) });
  };
  const statsHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const found = await services.memberStats.recordsByUsername(publicUsernameOf(request));
    if (!found) throw new AppError("not_found");
    const latest = Math.max(0, ...found.records.map((record) => Math.floor(record.updatedAt.getTime() / 1000)));
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicStats(found.records, origins)), lastModified: latest === 0 ? undefined : latest });
  };
  const countryPlayersHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const code = publicCountryCodeOf(request.params);
    if (!code) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify({ players: await services.leaderboards.countryUsernames(code, PUBLIC_COUNTRY_PLAYERS) }) });
  };
  const titledHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const title = publicTitleOf(request.params);
    if (!title) throw new AppError("not_found");
    return sendCacheable(request, reply, { body: JSON.stringify({ players: await services.leaderboards.titledUsernames(title, PUBLIC_TITLED_PLAYERS) }) });
  };
  await registerPublicApiRoutes(app, {}, [
    { url: "/pub/country/:code/players", handler: countryPlayersHandler },
    { url: "/pub/leaderboards", handler: leaderboardsHandler },
    { url: "/pub/player/:username/stats", handler: statsHandler },
    { url: "/pub/titled/:title", handler: titledHandler },
  ]);
}
