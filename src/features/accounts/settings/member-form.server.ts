import type { FastifyReply, FastifyRequest } from "fastify";
import { formFailed, wantsJson, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { AppError } from "../../../platform/http/errors.ts";
import type { ActiveSession } from "../sessions.service.server.ts";
import { pageLinkFor } from "./page-links.server.ts";

/** The session of a signed-in member (past the two-factor step, not a guest), or null. */
export function memberSession(request: FastifyRequest): ActiveSession | null {
  const session = request.viewer.session;
  return session && request.viewer.user.isMember ? session : null;
}

/**
 * Refuses a settings post from someone who is not a signed-in member: JSON
 * callers get 401/403; a plain form goes to the sign-in page (or the
 * two-factor step) and comes back to /settings afterwards.
 */
export function refuseNonMember(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const viewer = request.viewer;
  if (wantsJson(request)) throw new AppError(viewer.user.isLoggedIn ? "forbidden" : "unauthenticated");
  const back = pageLinkFor(request, "web_user_settings");
  if (viewer.session?.twoFactorPending) return reply.redirect(pageLinkFor(request, "web_2fa_login", { redirectUrl: back }), 303);
  if (viewer.user.isLoggedIn) throw new AppError("forbidden");
  return reply.redirect(pageLinkFor(request, "web_security_login_and_go", { redirectUrl: back }), 303);
}

/** A refusal with its own message key (e.g. "two_factor.error.invalid_code"). */
export function keyedFailure(request: FastifyRequest, code: string, messageKey: string): FormFailure {
  return { code, message: translate(request, messageKey) };
}

/** Back to /settings with ?error=<code>, at the section the form was in (`anchor`). */
export function backToSettings(request: FastifyRequest, reply: FastifyReply, failure: FormFailure, anchor?: string) {
  return formFailed(request, reply, failure, pageLinkFor(request, "web_user_settings", {}, anchor ? { anchor } : {}));
}
