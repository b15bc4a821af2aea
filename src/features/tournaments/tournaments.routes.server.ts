import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { generateLink } from "../../platform/links/links.ts";
import { requireMember } from "../accounts/viewer.server.ts";
import { readArenaSettings, readSwissSettings } from "./arena-settings.ts";
import type { ArenaViews } from "./arena-views.server.ts";
import type { ArenasService, TournamentFailure, TournamentMember } from "./arenas.service.server.ts";
import type { SwissFailure, SwissService } from "./swiss.service.server.ts";
import type { SwissViews } from "./swiss-views.server.ts";

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
declareFailures<Exclude<SwissFailure, TournamentFailure>>({ invalid_rounds: "invalid" });

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
 * POST /callback/tournament/create and /callback/tournament/{id}/edit (the create page's form, JSON or plain; `kind=swiss` for a Swiss),
 * POST /callback/tournament/swiss/{url}/{join|withdraw}, GET /callback/tournament/swiss/{url}/live (decision 0078).
 */
export function registerTournamentsRoutes(
  app: FastifyInstance,
  deps: { readonly arenas: ArenasService; readonly arenaViews: ArenaViews; readonly swiss: SwissService; readonly swissViews: SwissViews; readonly clock: () => number },
): void {
  const { arenas, arenaViews, swiss, swissViews } = deps;
  const refuse = (request: FastifyRequest, error: TournamentFailure | SwissFailure) => ({ code: error, message: translate(request, `tournaments.error.${error}`) });

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
  const swissSettingsOf = (request: FastifyRequest) => readSwissSettings(bodyOf(request), deps.clock());
  const pageOf = (kind: string, url: string) => (kind === "swiss" ? generateLink("web_tournament_live", { url }) : generateLink("web_tournament_live_arena", { url }));

  // The form's `kind` chooses an arena (the default) or a Swiss.
  app.post("/callback/tournament/create", async (request, reply) => {
    const kind = bodyOf(request).kind === "swiss" ? "swiss" : "arena";
    const member = memberOf(request);
    const result = kind === "swiss" ? await swiss.create(member, swissSettingsOf(request)) : await arenas.create(member, settingsOf(request));
    if (!result.ok) return formFailed(request, reply, refuse(request, result.error), generateLink("web_play_create_tournament", {}));
    return formSucceeded(request, reply, pageOf(kind, result.value.url), { url: result.value.url });
  });

  // The tournament's own kind decides which settings are read.
  app.post("/callback/tournament/:id/edit", async (request, reply) => {
    const id = paramOf(request, "id", /^[0-9]{1,15}$/);
    const member = memberOf(request);
    const kind = (await arenas.byId(Number(id)))?.kind === "swiss" ? "swiss" : "arena";
    const result = kind === "swiss" ? await swiss.edit(member, Number(id), swissSettingsOf(request)) : await arenas.edit(member, Number(id), settingsOf(request));
    if (!result.ok) return formFailed(request, reply, refuse(request, result.error), generateLink("web_play_create_tournament", { id }));
    return formSucceeded(request, reply, pageOf(kind, result.value.url), { url: result.value.url });
  });

  for (const action of ["join", "withdraw"] as const) {
    app.post(`/callback/tournament/swiss/:url/${action}`, async (request, reply) => {
      const url = paramOf(request, "url", URL_ID);
      const member = memberOf(request);
      const result = action === "join" ? await swiss.join(member, url) : await swiss.withdraw(member, url);
      const back = generateLink("web_tournament_live", { url });
      if (!result.ok) return formFailed(request, reply, refuse(request, result.error), back);
      return formSucceeded(request, reply, back);
    });
  }

  app.get("/callback/tournament/swiss/:url/live", async (request, reply) => {
    const found = await swiss.swissByUrl(paramOf(request, "url", URL_ID));
    if (!found) throw new AppError("not_found");
    const user = request.viewer.user;
    return reply.header("cache-control", "private, no-store").send(await swissViews.live(found, user.isLoggedIn ? user.id : null));
  });
}
