/**
 * The one failure → HTTP status table (decision 0030).
 *
 * A service refuses with a stable code (`Result`'s error). Its feature declares
 * what kind of refusal each code is (`declareFailures`), and the kind alone
 * picks the status, here, for every route of every feature and for the
 * platform's own error catalogue (errors.ts). Routes never write a status:
 * `formFailed`, `sendFailure` and `AppError` look it up with `failureStatus`.
 *
 * A code means one thing site-wide: declaring a known code with another kind
 * throws when the declaring module loads, so two features cannot answer the
 * same code with two statuses.
 */

export const failureKindStatus = {
  /** The request is not one we can read (a broken body, a control character). */
  malformed: 400,
  /** Sign in first (or the credentials given do not sign anyone in). */
  unauthenticated: 401,
  /** Understood and refused: the viewer may not, or the member does not allow it. */
  refused: 403,
  /** Nothing of that name, or nothing the viewer may know of. */
  not_found: 404,
  method_not_allowed: 405,
  timeout: 408,
  /** The state does not allow it now: already done, not yet started, no longer there to undo. */
  conflict: 409,
  /** A link or token that was good once and no longer is. */
  gone: 410,
  too_large: 413,
  unsupported_media: 415,
  /** The input breaks a rule (a field too long, a choice not offered). */
  invalid: 422,
  /** Too many attempts or requests: wait. */
  too_many: 429,
  headers_too_large: 431,
  internal: 500,
  /** Something this site relies on is not there (a payment provider, the database). */
  unavailable: 503,
} as const satisfies Readonly<Record<string, number>>;

export type FailureKind = keyof typeof failureKindStatus;

/** A feature's failure codes, each with its kind. */
export type FailureDeclarations<Code extends string = string> = Readonly<Record<Code, FailureKind>>;

const declaredKinds = new Map<string, FailureKind>();

/**
 * Declares failure codes and their kinds (a feature's routes module or its
 * shared schema module calls it once, at load). Returns the declarations, typed.
 */
export function declareFailures<const Code extends string>(declarations: FailureDeclarations<Code>): FailureDeclarations<Code> {
  for (const [code, kind] of Object.entries<FailureKind>(declarations)) {
    const known = declaredKinds.get(code);
    if (known !== undefined && known !== kind) {
      throw new Error(`The failure code "${code}" is declared as "${known}" and as "${kind}": a code means one thing site-wide.`);
    }
    declaredKinds.set(code, kind);
  }
  return declarations;
}

/** The kind a code was declared with, or undefined for a code nobody declared. */
export function failureKindOf(code: string): FailureKind | undefined {
  return declaredKinds.get(code);
}

/**
 * The HTTP status of a declared failure code. An undeclared code is a
 * programming error: it throws (the route's test fails), never guesses a status.
 */
export function failureStatus(code: string): number {
  const kind = declaredKinds.get(code);
  if (kind === undefined) throw new Error(`The failure code "${code}" has no declared kind (declareFailures).`);
  return failureKindStatus[kind];
}
