import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, ok, type Result } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { requireMember } from "../accounts/viewer.server.ts";
import { allTrophiesQuerySchema, awardBodySchema, trophyIdParamSchema, trophyTypeParamSchema, trophyUsernameSchema } from "./trophies.schema.ts";
import type { TrophiesService, TrophyActor, TrophyFailure } from "./trophies.service.server.ts";

declareFailures<TrophyFailure>({
  guest: "refused",
  self: "invalid",
  blocked: "refused",
  blocked_by_member: "refused",
  recipient_unavailable: "refused",
  no_awards_left: "refused",
  not_found: "not_found",
  trophy_unknown: "not_found",
  game_unknown: "invalid",
  sent_too_many: "too_many",
  not_yours: "refused",
});

function actorOf(request: FastifyRequest): TrophyActor {
  const session = requireMember(request);
  return { id: session.user.id, username: session.user.username, level: session.user.membershipLevel };
}

/** A path parameter by its rule, or 404 (a malformed id or username names nothing). */
function param<S extends z.ZodType>(request: FastifyRequest, name: string, schema: S): z.infer<S> {
  const params: unknown = request.params;
  const parsed = schema.safeParse(params && typeof params === "object" ? Reflect.get(params, name) : undefined);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}

function send<T>(request: FastifyRequest, reply: FastifyReply, result: Result<T, TrophyFailure>, key: string) {
  if (!result.ok) return sendFailure(reply, { code: result.error, message: translate(request, `trophies.error.${result.error}`) });
  return reply.send({ status: "ok", [key]: result.value });
}

/** A game id as the award sends it: digits, else the award names no game it can keep (422 game_unknown). */
function gameIdOf(value: string | number | undefined): number | null | "bad" {
  if (value === undefined || value === "") return null;
  const text = String(value);
  return /^[0-9]{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : "bad";
}

/**
 * The trophy calls (spec 000 §7, 001 §7.5): GET /callback/member/trophy/{username}/{trophyType},
 * GET /callback/trophies (trophyType, page), GET /callback/user/trophy/{username}/showcase,
 * GET /callback/count/user_trophy/{username}, POST /callback/feature/trophy/{id}/{featured}
 * and POST /callback/award/trophy/{username}/{trophyId}. Thin: who may is the service's (decision 0052).
 * Ours (the spec shows no call for it): GET /callback/award/trophies/left, the awards the signed-in member has
 * left this month, which the award dialog shows before the member writes a message.
 */
export function registerTrophiesRoutes(app: FastifyInstance, deps: { trophies: TrophiesService }): void {
  const { trophies } = deps;

  app.get("/callback/member/trophy/:username/:trophyType", async (request, reply) => {
    const username = param(request, "username", trophyUsernameSchema);
    const type = param(request, "trophyType", trophyTypeParamSchema);
    return send(request, reply, await trophies.trophiesOf(username, type), "trophies");
  });

  app.get("/callback/trophies", async (request, reply) => {
    const query = allTrophiesQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw new AppError("validation_failed");
    return reply.send(trophies.catalogue(query.data.trophyType, query.data.page));
  });

  app.get("/callback/user/trophy/:username/showcase", async (request, reply) => {
    const cabinet = await trophies.cabinetByUsername(param(request, "username", trophyUsernameSchema));
    return send(request, reply, cabinet.ok ? ok(cabinet.value.showcase) : cabinet, "showcase");
  });

  app.get("/callback/count/user_trophy/:username", async (request, reply) => {
    const cabinet = await trophies.cabinetByUsername(param(request, "username", trophyUsernameSchema));
    return send(request, reply, cabinet.ok ? ok(cabinet.value.count) : cabinet, "count");
  });

  app.get("/callback/award/trophies/left", async (request, reply) => {
    const actor = actorOf(request);
    return reply.header("cache-control", "no-store").send({ status: "ok", count: await trophies.awardsLeft(actor) });
  });

  app.post("/callback/feature/trophy/:id/:featured", async (request, reply) => {
    const id = param(request, "id", trophyIdParamSchema);
    const featured = param(request, "featured", trophyIdParamSchema);
    if (featured !== 0 && featured !== 1) throw new AppError("not_found");
    const actor = actorOf(request);
    return send(request, reply, await trophies.feature(actor, id, featured === 1), "trophy");
  });

  app.post("/callback/award/trophy/:username/:trophyId", async (request, reply) => {
    const username = param(request, "username", trophyUsernameSchema);
    const trophyId = param(request, "trophyId", trophyIdParamSchema);
    const actor = actorOf(request);
    const body = awardBodySchema.safeParse(request.body ?? {});
    if (!body.success) return sendFailure(reply, { code: "validation_failed", message: translate(request, "trophies.error.message_too_long") });
    const live = gameIdOf(body.data.gameLiveId);
    const daily = gameIdOf(body.data.gameId);
    if (live === "bad" || daily === "bad") return sendFailure(reply, { code: "game_unknown", message: translate(request, "trophies.error.game_unknown") });
    const input = { message: body.data.message, gameId: live ?? daily };
    return send(request, reply, await trophies.award(actor, username, trophyId, input), "trophy");
  });
}
