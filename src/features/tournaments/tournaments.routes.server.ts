import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { generateLink } from "../../platform/links/links.ts";
import { requireMember } from "../accounts/viewer.server.ts";
import { readArenaSettings } from "./arena-settings.ts";
import type { ArenaViews } from "./arena-views.server.ts";
import type { ArenasService, TournamentFailure, TournamentMember } from "./arenas.service.server.ts";

declareFailures<TournamentFailure>({
  not_found: "not_found",
  guest: "refused",
  not_creator: "refused",
  started: "refused",
  finished: "refused",
  rating_outside_limits: "refused",
  not_joined: "conflict",
  not_your_game: "refused",
  berserk_refused: "refused",
  invalid_name: "invalid",
  invalid_description: "invalid",
  invalid_rules: "invalid",
  invalid_control: "invalid",
  invalid_starts_at: "invalid",
  invalid_duration: "invalid",
  invalid_rating_range: "invalid",
});

const URL_ID = /^[a-z0-9-]{1,80}$/;

function memberOf(request: FastifyRequest): TournamentMember {
  const session = requireMember(request);
  return { id: session.user.id, level: session.user.membershipLevel };
}

function paramOf(request: FastifyRequest, name: string, rule: RegExp): string {
  const params: unknown = request.params;
  const value: unknown = params && typeof params === "object" ? Reflect.get(params, name) : undefined;
  if (typeof value !== "string" || !rule.test(value)) throw new AppError("not_found");
  return value;
}

const bodyOf = (request: FastifyRequest): Readonly<Record<string, unknown>> => (request.body && typeof request.body === "object" ? { ...request.body } : {});

/**
 * The arenas over HTTP (decision 0073). Thin: the service decides.
 * POST /callback/tournament/arena/{url}/{join|pause|withdraw},
 * POST /callback/tournament/berserk/{gameId}, GET /callback/tournament/arena/{url}/live (polled by the arena page),
 * POST /callback/tournament/create and /callback/tournament/{id}/edit (the create page's form, JSON or plain).
 */
export function registerTournamentsRoutes(app: FastifyInstance, deps: { readonly arenas: ArenasService; readonly arenaViews: ArenaViews; readonly clock: () => number }): void {
  const { arenas, arenaViews } = deps;
  const refuse = (request: FastifyRequest, error: TournamentFailure) => ({ code: error, message: translate(request, `tournaments.error.${error}`) });

  for (const action of ["join", "pause", "withdraw"] as const) {
    app.post(`/callback/tournament/arena/:url/${action}`, async (request, reply) => {
      const url = paramOf(request, "url", URL_ID);
      const member = memberOf(request);
      const result = action === "join" ? await arenas.join(member, url) : await arenas.leave(member, url, action);
      const back = generateLink("web_tournament_live_arena", { url });
      if (!result.ok) return formFailed(request, reply, refuse(request, result.error), back);
      return formSucceeded(request, reply, back);
    });
  }

  app.post("/callback/tournament/berserk/:gameId", async (request, reply) => {
    const gameId = Number(paramOf(request, "gameId", /^[0-9]{1,15}$/));
    const result = await arenas.berserk(memberOf(request), gameId);
    if (!result.ok) return sendFailure(reply, refuse(request, result.error));
    return reply.send({ status: "ok" });
  });

  app.get("/callback/tournament/arena/:url/live", async (request, reply) => {
    const arena = await arenas.arenaByUrl(paramOf(request, "url", URL_ID));
    if (!arena) throw new AppError("not_found");
    const user = request.viewer.user;
    return reply.header("cache-control", "private, no-store").send(await arenaViews.live(arena, user.isLoggedIn ? user.id : null));
  });

  const settingsOf = (request: FastifyRequest) => readArenaSettings(bodyOf(request), deps.clock());

  app.post("/callback/tournament/create", async (request, reply) => {
    const result = await arenas.create(memberOf(request), settingsOf(request));
    if (!result.ok) return formFailed(request, reply, refuse(request, result.error), generateLink("web_play_create_tournament", {}));
    return formSucceeded(request, reply, generateLink("web_tournament_live_arena", { url: result.value.url }), { url: result.value.url });
  });

  app.post("/callback/tournament/:id/edit", async (request, reply) => {
    const id = paramOf(request, "id", /^[0-9]{1,15}$/);
    const result = await arenas.edit(memberOf(request), Number(id), settingsOf(request));
    if (!result.ok) return formFailed(request, reply, refuse(request, result.error), generateLink("web_play_create_tournament", { id }));
    return formSucceeded(request, reply, generateLink("web_tournament_live_arena", { url: result.value.url }), { url: result.value.url });
  });
}
