import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { defaultLocale } from "../i18n/locales.ts";
import { messagesFor } from "../i18n/messages.server.ts";
import { failureStatus } from "./failure-statuses.ts";
import { AppError, apiErrors, type ApiErrorBody, type ApiErrorCode } from "./errors.ts";
import { sendError } from "./json-errors.server.ts";
import { containsHostileText, isCleanRequestTarget } from "./hostile-text.ts";
import { redactSecretPath } from "../links/secret-paths.server.ts";

/**
 * One gate every request passes before any route, hook with I/O, or log line
 * sees its values: a path, query or body with a NUL byte, a lone surrogate or
 * a broken percent-encoding is refused with 400 invalid_text. A target that is
 * not a path (GET http://host/x, which proxies and browsers never send to us)
 * is refused with 400 bad_request: the pages would read another host, or a
 * password, out of it. Requests no route serves get the JSON catalogue too.
 */
export function registerRequestHygiene(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/")) throw new AppError("bad_request");
    if (!isCleanRequestTarget(request.url)) throw new AppError("invalid_text");
  });
  app.addHook("preValidation", async (request) => {
    if (containsHostileText(request.body)) throw new AppError("invalid_text");
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError("not_found")));
}

/** Errors of Fastify's router (a path whose percent-encoding is not UTF-8), answered like the gate's refusals. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, new AppError(error.code === "FST_ERR_BAD_URL" ? "invalid_text" : "bad_request"));
}

interface LoggableRequest {
  readonly method: string;
  readonly url: string;
  readonly host?: string;
  readonly ip?: string;
}

/**
 * A request target or URL as a log line may show it: never the query or the
 * fragment (tokens live there), never a secret path parameter (cut by the
 * route table's `secrets`), never a password, never refused text. An
 * absolute-form target (GET http://host/path) keeps its origin.
 */
export function loggableTarget(target: string): string {
  const cut = target.search(/[?#]/);
  const withoutQuery = cut === -1 ? target : target.slice(0, cut);
  if (!isCleanRequestTarget(withoutQuery)) return "[refused]";
  // scheme://[userinfo@]host: the userinfo (a password) is dropped with the rest.
  const absolute = /^([a-z][a-z\d+.-]*:\/\/)(?:[^/]*@)?([^/]*)/i.exec(withoutQuery);
  const origin = absolute ? `${absolute[1] ?? ""}${absolute[2] ?? ""}` : "";
  return origin + redactSecretPath(withoutQuery.slice(absolute?.[0].length ?? 0) || "/");
}

/** What a log line says about a request (the logger's `req` serializer): its method and loggable path, host and address. */
export function requestLogFields(request: LoggableRequest): Record<string, string | undefined> {
  return { method: request.method, path: loggableTarget(request.url), host: request.host, remoteAddress: request.ip };
}

function catalogueAnswer(status: number, code: ApiErrorCode): string {
  const body: ApiErrorBody = { code, message: messagesFor(defaultLocale)[apiErrors[code].messageKey] ?? code };
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(json)}`,
    "Cache-Control: no-store",
    "Connection: close",
    "",
    json,
  ].join("\r\n");
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, broken
 * framing, timeouts): answered from the catalogue, logged without a stack.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const code: ApiErrorCode = error.code === "HPE_HEADER_OVERFLOW" ? "headers_too_large" : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "request_timeout" : "bad_request";
  const status = failureStatus(code);
  this.log.info({ clientError: error.code ?? "unknown", status }, "client error");
  if (socket.writable) socket.end(catalogueAnswer(status, code));
  else socket.destroy();
}
