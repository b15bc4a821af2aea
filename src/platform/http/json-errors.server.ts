import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { defaultLocale, isLocale, localeFromHost, type Locale } from "../i18n/locales.ts";
import { messagesFor } from "../i18n/messages.server.ts";
import { intlFor } from "../i18n/translate.ts";
import { AppError, apiErrors, type ApiErrorBody, type ApiErrorCode } from "./errors.ts";
import { failureStatus } from "./failure-statuses.ts";
import { validationIssues } from "./validation-issues.server.ts";

/** The language of a JSON or form request: the page's locale field, else a language subdomain, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const body: unknown = request.body;
  const field = body && typeof body === "object" && "locale" in body ? body.locale : undefined;
  if (typeof field === "string" && isLocale(field)) return field;
  return localeFromHost(request.host) ?? defaultLocale;
}

/** A message in the request's language. */
export function translate(request: FastifyRequest, messageKey: string, values: Readonly<Record<string, string | number>> = {}): string {
  const locale = requestLocale(request);
  return intlFor(locale, messagesFor(locale)).formatMessage({ id: messageKey }, values);
}

/** The text of an error code in the request's language. */
export function errorMessage(request: FastifyRequest, code: ApiErrorCode, values: Readonly<Record<string, string | number>> = {}): string {
  return translate(request, apiErrors[code].messageKey, values);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body: ApiErrorBody = {
    code: error.code,
    message: errorMessage(request, error.code, error.values),
    ...(error.fields ? { fields: error.fields } : {}),
  };
  return reply.code(error.status).header("cache-control", "no-store").send(body);
}

/**
 * A failed parse of a route's input: `validation_failed` (422) with every issue
 * as `{ path, code: <message key>, message }` in the request's language, the
 * first issue's text as the message the browser shows, and `fields` (path →
 * text) as before.
 */
export function sendValidationFailure(request: FastifyRequest, reply: FastifyReply, error: ZodError): FastifyReply {
  const locale = requestLocale(request);
  const catalog = messagesFor(locale);
  const intl = intlFor(locale, catalog);
  const issues = validationIssues(error, (text) => Object.hasOwn(catalog, text), (id, values) => intl.formatMessage({ id }, values));
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path] ??= issue.message;
  const body: ApiErrorBody = { code: "validation_failed", message: issues[0]?.message ?? errorMessage(request, "validation_failed"), fields, issues };
  return reply.code(failureStatus("validation_failed")).header("cache-control", "no-store").send(body);
}

/** Every JSON failure leaves as { code, message }: stable codes, translated texts. */
export function registerJsonErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error instanceof ZodError) return sendValidationFailure(request, reply, error);
    const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 413) return sendError(request, reply, new AppError("payload_too_large"));
    if (status === 429) return sendError(request, reply, new AppError("rate_limited"));
    if (status === 415) return sendError(request, reply, new AppError("unsupported_media_type"));
    if (status === 405) return sendError(request, reply, new AppError("method_not_allowed"));
    if (status >= 400 && status < 500) {
      return sendError(request, reply, new AppError(status === 404 ? "not_found" : "bad_request"));
    }
    request.log.error({ err: error }, "request failed");
    return sendError(request, reply, new AppError("internal"));
  });
}
