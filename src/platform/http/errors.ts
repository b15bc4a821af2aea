/**
 * The one catalogue of API errors: a stable code, an HTTP status and the message
 * key of its text. Routes throw AppError (or return a failed Result from a
 * service and turn it into one); the error handler renders { code, message }.
 */
export const apiErrors = {
  bad_request: { status: 400, messageKey: "error.bad_request" },
  /** A NUL byte, a lone surrogate or a broken percent-encoding anywhere in the request. */
  invalid_text: { status: 400, messageKey: "error.invalid_text" },
  validation_failed: { status: 422, messageKey: "error.validation_failed" },
  unauthenticated: { status: 401, messageKey: "error.unauthenticated" },
  forbidden: { status: 403, messageKey: "error.forbidden" },
  csrf_token_invalid: { status: 403, messageKey: "error.csrf_token_invalid" },
  /** A write whose Origin is another site (same-origin-writes.server.ts). */
  cross_origin: { status: 403, messageKey: "error.cross_origin" },
  /** Sent with the x-kingside-challenge header: the human check must be passed first (spec 001 §4.7). */
  challenge_required: { status: 403, messageKey: "error.challenge_required" },
  not_found: { status: 404, messageKey: "error.not_found" },
  method_not_allowed: { status: 405, messageKey: "error.method_not_allowed" },
  request_timeout: { status: 408, messageKey: "error.request_timeout" },
  conflict: { status: 409, messageKey: "error.conflict" },
  payload_too_large: { status: 413, messageKey: "error.payload_too_large" },
  unsupported_media_type: { status: 415, messageKey: "error.unsupported_media_type" },
  feature_disabled: { status: 404, messageKey: "error.feature_disabled" },
  rate_limited: { status: 429, messageKey: "error.rate_limited" },
  headers_too_large: { status: 431, messageKey: "error.headers_too_large" },
  internal: { status: 500, messageKey: "error.internal" },
  unavailable: { status: 503, messageKey: "error.unavailable" },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ApiErrorCode = keyof typeof apiErrors;

export interface ApiErrorBody {
  readonly code: ApiErrorCode | string;
  readonly message: string;
  /** Field-level problems of a validation failure: field -> message. */
  readonly fields?: Readonly<Record<string, string>>;
}

export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;
  readonly messageKey: string;
  constructor(
    readonly code: ApiErrorCode,
    readonly values: Readonly<Record<string, string | number>> = {},
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(code);
    this.status = apiErrors[code].status;
    this.messageKey = apiErrors[code].messageKey;
  }
}

export { ok, fail, type Result } from "../../shared/result.ts";
