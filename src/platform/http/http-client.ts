import { reportClientMetric } from "./client-metrics.ts";
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, FRESH_CSRF_HEADER } from "../security/csrf-names.ts";

/**
 * The one HTTP client of the browser (spec 001 §7.7). It sends JSON, treats
 * 2xx as success, and for state-changing calls to our own (non-service) paths
 * adds the CSRF token as the X-XSRF-TOKEN header and the `_token` field, with
 * booleans sent as 0/1. A 403 that carries a fresh token is retried once with
 * it. Failures are reported to client metrics and shown as a toast: the
 * server's message, else the bad-request text, else the status text; nothing
 * on 401.
 *
 * A caller names the type of the answer (`client.get<PopupResponse>(path)`)
 * and the body is handed over as that type without a runtime check: the
 * server validated its input and built the answer from a typed presenter, and
 * keeping a validation library out of the browser bundle is worth more than
 * checking our own server twice (decision 0028).
 */

/** A 403 carrying this header asks for the human check (spec 001 §4.7). */
export const CHALLENGE_HEADER = "x-kingside-challenge";
export const CLIENT_HEADER = "x-kingside-client";
export const REQUEST_ID_HEADER = "x-request-id";
export const REQUEST_ID_LENGTH = 32;

export const BAD_REQUEST_MESSAGE = "Oops. Looks like there was an error. Sorry! Please refresh.";

/** Service and RPC paths are not ours to add a form token to. */
const SERVICE_PATH = /^\/(service|rpc)\//;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type JsonBody = Readonly<Record<string, unknown>>;

export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  readonly fetch?: typeof fetch;
  /** Shows a failure to the member (the alert toast). */
  readonly notifyError?: (message: string) => void;
  /** Reads a cookie; defaults to document.cookie. */
  readonly readCookie?: (name: string) => string | null;
  readonly sendRequestId?: boolean;
  /** Handles a challenge response; resolves with the retried response. */
  readonly onChallenge?: (retry: () => Promise<Response>) => Promise<Response>;
  readonly clientName?: string;
  /** The localized bad-request text (falls back to the English one). */
  readonly badRequestText?: string;
}

export interface RequestOptions {
  readonly body?: JsonBody;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Do not toast a failure (the caller shows it its own way). */
  readonly quiet?: boolean;
}

/** Booleans travel as 0/1 (nested objects and arrays too). */
export function booleansAsNumbers(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value)) return value.map(booleansAsNumbers);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, booleansAsNumbers(item)]));
  }
  return value;
}

export function randomRequestId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(REQUEST_ID_LENGTH));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

function documentCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  const prefix = `${name}=`;
  const entry = document.cookie.split("; ").find((item) => item.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | null {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) return body.message;
  return null;
}

function serverCode(body: unknown): string | null {
  if (body && typeof body === "object" && "code" in body && typeof body.code === "string") return body.code;
  return null;
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readCookie = options.readCookie ?? documentCookie;
  let freshToken: string | null = null;

  function csrfToken(): string | null {
    return freshToken ?? readCookie(CSRF_COOKIE);
  }

  function buildInit(method: HttpMethod, path: string, body: JsonBody | undefined): RequestInit {
    const headers: Record<string, string> = { accept: "application/json", [CLIENT_HEADER]: options.clientName ?? "kingside-web" };
    if (options.sendRequestId) headers[REQUEST_ID_HEADER] = randomRequestId();
    let payload: Record<string, unknown> | undefined = body ? { ...body } : undefined;
    if (STATE_CHANGING.has(method) && !SERVICE_PATH.test(path)) {
      const token = csrfToken();
      if (token) {
        headers[CSRF_HEADER] = token;
        payload = { ...payload, [CSRF_FIELD]: token };
      }
    }
    if (payload !== undefined) headers["content-type"] = "application/json";
    return {
      method,
      headers,
      credentials: "same-origin",
      ...(payload !== undefined ? { body: JSON.stringify(booleansAsNumbers(payload)) } : {}),
    };
  }

  /** Sends a request; resolves with the answer's body as `Answer` (the type the route's presenter returns). */
  async function request<Answer = unknown>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<Answer> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(requestOptions.query ?? {})) {
      if (value !== undefined) query.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
    }
    const url = query.size > 0 ? `${path}?${query}` : path;
    const send = () => doFetch(url, buildInit(method, path, requestOptions.body));

    let response = await send();
    if (response.status === 403 && response.headers.get(FRESH_CSRF_HEADER)) {
      freshToken = response.headers.get(FRESH_CSRF_HEADER);
      response = await send();
    }
    if (response.status === 403 && response.headers.has(CHALLENGE_HEADER) && options.onChallenge) {
      response = await options.onChallenge(send);
    }

    const body = await readBody(response);
    // Unchecked by design: the type is the route's own DTO (see above).
    if (response.ok) return body as Answer;

    const message = serverMessage(body) || options.badRequestText || BAD_REQUEST_MESSAGE || response.statusText;
    reportClientMetric({ kind: "http_error", method, url: path, status: response.status, message: message.slice(0, 2000) });
    if (response.status !== 401 && !requestOptions.quiet) options.notifyError?.(message || response.statusText);
    throw new HttpError(response.status, serverCode(body), message || response.statusText, body);
  }

  return {
    request,
    get: <Answer = unknown>(path: string, query?: RequestOptions["query"]) => request<Answer>("GET", path, { query }),
    post: <Answer = unknown>(path: string, body?: JsonBody) => request<Answer>("POST", path, { body }),
    put: <Answer = unknown>(path: string, body?: JsonBody) => request<Answer>("PUT", path, { body }),
    delete: <Answer = unknown>(path: string, body?: JsonBody) => request<Answer>("DELETE", path, { body }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
