import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, type Result } from "../../../platform/http/errors.ts";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, sendFailure, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { pageLinkFor } from "../settings/page-links.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { requireMember } from "../viewer.server.ts";
import { flairUsernameSchema, setFlairBodySchema, setFlairStatusBodySchema } from "./flair.schema.ts";
import type { FlairActor, FlairFailure, FlairService } from "./flair.service.server.ts";

declareFailures<FlairFailure>({ flair_unknown: "invalid", flair_premium_only: "refused", flair_not_allowed: "refused", member_not_found: "not_found" });

function actorOf(request: FastifyRequest): FlairActor {
  const session = requireMember(request);
  return { id: session.user.id, level: session.user.membershipLevel };
}

function usernameOf(request: FastifyRequest): string {
  const params: unknown = request.params;
  const parsed = flairUsernameSchema.safeParse(params && typeof params === "object" ? Reflect.get(params, "username") : undefined);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}

function send<T extends object>(request: FastifyRequest, reply: FastifyReply, result: Result<T, FlairFailure>) {
  if (!result.ok) return sendFailure(reply, failureOf(request, result.error));
  return reply.send({ status: "ok", ...result.value });
}

/** Where the settings picker's plain form posts come back to: the flair section of /settings. */
function settingsBack(request: FastifyRequest, done: boolean): string {
  return pageLinkFor(request, "web_user_settings", done ? { done: "flair_saved" } : {}, { anchor: "flair" });
}

/** A change from the picker: JSON for the HTTP client, a 303 back to /settings for a plain form post. */
function sendChange<T extends Readonly<Record<string, unknown>>>(request: FastifyRequest, reply: FastifyReply, result: Result<T, FlairFailure>) {
  if (!result.ok) return formFailed(request, reply, failureOf(request, result.error), settingsBack(request, false));
  return formSucceeded(request, reply, settingsBack(request, true), result.value);
}

function failureOf(request: FastifyRequest, code: FlairFailure): FormFailure {
  return { code, message: translate(request, `flair.error.${code}`) };
}

/**
 * The flair calls (spec 000 §7, 001 §7.6): GET /callback/user/get-available-flair/{username},
 * POST /callback/user/set-flair {flairCode}, POST /callback/user/set-flair-status {status}
 * (the spec names the call, not its path) and the moderators' POST /member/reset_flair/{username}.
 * Who may is the flair policy's, asked by the service (decision 0052).
 */
export function registerFlairRoutes(app: FastifyInstance, deps: { flair: FlairService }): void {
  app.get("/callback/user/get-available-flair/:username", async (request, reply) => {
    const actor = actorOf(request);
    return send(request, reply, await deps.flair.available(actor, usernameOf(request)));
  });

  app.post("/callback/user/set-flair", async (request, reply) => {
    const actor = actorOf(request);
    const body = setFlairBodySchema.safeParse(request.body ?? {});
    if (!body.success) return formFailed(request, reply, failureOf(request, "flair_unknown"), settingsBack(request, false));
    return sendChange(request, reply, await deps.flair.setFlair(actor, body.data.flairCode));
  });

  app.post("/callback/user/set-flair-status", async (request, reply) => {
    const actor = actorOf(request);
    const body = setFlairStatusBodySchema.safeParse(request.body ?? {});
    if (!body.success) throw new AppError("validation_failed");
    return sendChange(request, reply, await deps.flair.setStatus(actor, body.data.status));
  });

  app.post("/member/reset_flair/:username", async (request, reply) => {
    const actor = actorOf(request);
    return send(request, reply, await deps.flair.reset(actor, usernameOf(request)));
  });
}
