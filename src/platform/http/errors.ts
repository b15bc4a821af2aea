import { declareFailures, failureStatus, type FailureKind } from "./failure-statuses.ts";

/**
 * The one catalogue of the platform's API errors: a stable code, its kind of
 * failure (which gives its HTTP status, failure-statuses.ts) and the message
 * key of its text. Routes throw AppError (or return a failed Result from a
 * service and turn it into one); the error handler renders { code, message }.
 */
export const apiErrors = {
  bad_request: { kind: "malformed", messageKey: "error.bad_request" },
  /** A NUL byte, a lone surrogate or a broken percent-encoding anywhere in the request. */
  invalid_text: { kind: "malformed", messageKey: "error.invalid_text" },
  validation_failed: { kind: "invalid", messageKey: "error.validation_failed" },
  unauthenticated: { kind: "unauthenticated", messageKey: "error.unauthenticated" },
  forbidden: { kind: "refused", messageKey: "error.forbidden" },
  csrf_token_invalid: { kind: "refused", messageKey: "error.csrf_token_invalid" },
  /** A write whose Origin is another site (same-origin-writes.server.ts). */
  cross_origin: { kind: "refused", messageKey: "error.cross_origin" },
  /** Sent with the x-kingside-challenge header: the human check must be passed first (spec 001 §4.7). */
  challenge_required: { kind: "refused", messageKey: "error.challenge_required" },
  not_found: { kind: "not_found", messageKey: "error.not_found" },
  method_not_allowed: { kind: "method_not_allowed", messageKey: "error.method_not_allowed" },
  request_timeout: { kind: "timeout", messageKey: "error.request_timeout" },
  conflict: { kind: "conflict", messageKey: "error.conflict" },
  payload_too_large: { kind: "too_large", messageKey: "error.payload_too_large" },
  unsupported_media_type: { kind: "unsupported_media", messageKey: "error.unsupported_media_type" },
  feature_disabled: { kind: "not_found", messageKey: "error.feature_disabled" },
  rate_limited: { kind: "too_many", messageKey: "error.rate_limited" },
  headers_too_large: { kind: "headers_too_large", messageKey: "error.headers_too_large" },
  internal: { kind: "internal", messageKey: "error.internal" },
  unavailable: { kind: "unavailable", messageKey: "error.unavailable" },
} as const satisfies Record<string, { kind: FailureKind; messageKey: string }>;

export type ApiErrorCode = keyof typeof apiErrors;

declareFailures(Object.fromEntries(Object.entries(apiErrors).map(([code, { kind }]) => [code, kind])));

export interface ApiErrorBody {
  /** An ApiErrorCode, or a feature's declared failure code. */
  readonly code: string;
  readonly message: string;
  /** Field-level problems of a validation failure: field -> message. */
  readonly fields?: Readonly<Record<string, string>>;
  /** Every problem of a validation failure: its field, message key and text in the request's language. */
  readonly issues?: readonly { readonly path: string; readonly code: string; readonly message: string }[];
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
    this.status = failureStatus(code);
    this.messageKey = apiErrors[code].messageKey;
  }
}

export { ok, fail, type Result } from "../../shared/result.ts";
