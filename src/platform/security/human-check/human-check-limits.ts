/**
 * The human check's numbers, in one table (spec 001 §4.7, §9). Pure data,
 * shared by the server (thresholds, token lifetimes) and the browser (the
 * widget-error limit).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Guarded actions, named by a route's `config: { humanCheck: "<action>" }`.
 * An address that makes more than `limit` of them within one fixed window of
 * `windowMs` must pass the check (or hold a valid pass) for every further one.
 */
export const humanCheckActions = {
  registration: { limit: 3, windowMs: HOUR },
  /** Guest accounts cost nothing to ask for: a few per address, then the check (an unauthenticated write). */
  guest: { limit: 3, windowMs: HOUR },
  report: { limit: 5, windowMs: HOUR },
  friend_request: { limit: 30, windowMs: HOUR },
  comment: { limit: 20, windowMs: 10 * MINUTE },
} as const satisfies Record<string, HumanCheckThreshold>;

export interface HumanCheckThreshold {
  readonly limit: number;
  readonly windowMs: number;
}

export type HumanCheckAction = keyof typeof humanCheckActions;

export function isHumanCheckAction(name: unknown): name is HumanCheckAction {
  return typeof name === "string" && Object.hasOwn(humanCheckActions, name);
}

export const humanCheckChallenge = {
  /** Leading zero bits of SHA-256(challenge + ":" + counter): about 2^bits hashes, a second or two in a browser. */
  difficultyBits: 16,
  /** Beyond this, the solver's answer is not worth the wait (and the server refuses such configurations). */
  maxDifficultyBits: 28,
  /** A challenge must be solved and posted within this time. */
  ttlMs: 2 * MINUTE,
} as const;

export const humanCheckPass = {
  /** A solved challenge lets this many guarded requests through ... */
  uses: 5,
  /** ... within this time. */
  ttlMs: 10 * MINUTE,
} as const;

/** After this many widget errors every queued request is rejected (spec 001 §9: "Challenge: 3 widget errors"). */
export const MAX_WIDGET_ERRORS = 3;

/** The pass cookie: HttpOnly, so scripts never see it; the server counts its uses. */
export const HUMAN_CHECK_PASS_COOKIE = "ks_human_pass";

/**
 * What the verification page adds to the query of the page it returns to
 * once the check has passed (?human_check=passed): a form there says so.
 */
export const humanCheckPassedMark = { name: "human_check", value: "passed" } as const;

/** The host prefix of the verification subdomain (verify.example.com). */
export const VERIFY_HOST_PREFIX = "verify.";

export const HUMAN_CHECK_PATHS = {
  challenge: "/callback/human-check/challenge",
  verify: "/callback/human-check/verify",
} as const;

/**
 * Operators' overrides of the limits ("registration=20,report=10"), from
 * HUMAN_CHECK_LIMITS: a site behind a shared address (a school, a club) may
 * need more. Unknown actions or non-numbers are an error, not ignored.
 */
export function parseHumanCheckLimits(spec: string | undefined): Record<HumanCheckAction, HumanCheckThreshold> {
  const actions: Record<HumanCheckAction, HumanCheckThreshold> = { ...humanCheckActions };
  for (const part of (spec ?? "").split(",").map((item) => item.trim()).filter(Boolean)) {
    const [name = "", value = ""] = part.split("=").map((item) => item.trim());
    if (!isHumanCheckAction(name)) throw new Error(`Unknown human-check action "${name}" in HUMAN_CHECK_LIMITS.`);
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`HUMAN_CHECK_LIMITS: "${name}" needs a whole number of at least 1.`);
    actions[name] = { ...actions[name], limit };
  }
  return actions;
}
