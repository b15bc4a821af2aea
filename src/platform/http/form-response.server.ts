import type { FastifyReply, FastifyRequest } from "fastify";
import { errorMessage } from "./json-errors.server.ts";
import type { ApiErrorCode } from "./errors.ts";
import { failureStatus } from "./failure-statuses.ts";

/**
 * Forms work without JavaScript: a plain form post gets a 303 redirect (to the
 * next page, or back to the form with ?error=<code>); the same endpoint called
 * by the HTTP client as JSON gets JSON.
 */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  const contentType = request.headers["content-type"] ?? "";
  return accept.includes("application/json") || contentType.includes("application/json");
}

export function formSucceeded(request: FastifyRequest, reply: FastifyReply, redirectTo: string, json: Readonly<Record<string, unknown>> = {}) {
  if (wantsJson(request)) return reply.send({ status: "ok", redirect: redirectTo, ...json });
  return reply.redirect(redirectTo, 303);
}

export interface FormFailure {
  /** A stable, declared code (declareFailures): its kind gives the status. */
  readonly code: string;
  readonly message: string;
  readonly fields?: Readonly<Record<string, string>>;
}

/** Back to the form: `backTo` plus ?error=code (and any fields worth keeping, never a password). */
export function formFailed(request: FastifyRequest, reply: FastifyReply, failure: FormFailure, backTo: string, keep: Readonly<Record<string, string | undefined>> = {}) {
  if (wantsJson(request)) {
    return sendFailure(reply, failure);
  }
  const url = new URL(backTo, "http://same.invalid");
  url.searchParams.set("error", failure.code);
  for (const [name, value] of Object.entries(keep)) if (value) url.searchParams.set(name, value);
  return reply.redirect(url.pathname + url.search + url.hash, 303);
}

/** A failure whose text is one of the API error catalogue's. */
export function apiFailure(request: FastifyRequest, code: ApiErrorCode): FormFailure {
  return { code, message: errorMessage(request, code) };
}

/** A JSON refusal: { code, message, fields? } with the status of the code's declared kind. */
export function sendFailure(reply: FastifyReply, failure: FormFailure): FastifyReply {
  return reply.code(failureStatus(failure.code)).send({ code: failure.code, message: failure.message, ...(failure.fields ? { fields: failure.fields } : {}) });
}
