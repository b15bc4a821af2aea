import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { fail, ok, type Result } from "../../http/errors.ts";
import { humanCheckChallenge } from "./human-check-limits.ts";
import { isWorkCounter, meetsDifficulty, workInput } from "./proof-of-work.ts";

/**
 * The human check's two signed tokens, both `base64url(JSON).base64url(HMAC)`
 * under the shared "human-check" secret, each HMAC bound to its purpose so one
 * can never stand in for the other:
 *
 * - a challenge: a random nonce, the difficulty and an expiry (2 minutes).
 *   The browser finds work for it; the server checks signature, expiry and
 *   work with no state at all (single use is the routes' job).
 * - a pass: a random id and an expiry. It travels in an HttpOnly cookie; the
 *   routes count its uses in the database.
 */

type Purpose = "challenge" | "pass";

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

const challengePayloadSchema = z.object({
  v: z.literal(1),
  n: z.string().regex(NONCE),
  d: z.number().int().min(0).max(humanCheckChallenge.maxDifficultyBits),
  e: z.number().int().positive(),
});

const passPayloadSchema = z.object({
  v: z.literal(1),
  p: z.string().regex(NONCE),
  i: z.number().int().positive(),
  e: z.number().int().positive(),
});

function signature(secret: Buffer, purpose: Purpose, body: string): string {
  return createHmac("sha256", secret).update(`${purpose}|${body}`).digest("base64url");
}

function sign(secret: Buffer, purpose: Purpose, payload: Readonly<Record<string, unknown>>): string {
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${signature(secret, purpose, body)}`;
}

/** The payload of a token we signed for this purpose, or null (tampered, foreign, malformed). */
function opened(secret: Buffer, purpose: Purpose, token: string): unknown {
  if (token.length > 1024) return null;
  const [body, given, extra] = token.split(".");
  if (!body || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, purpose, body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

export interface IssuedChallenge {
  readonly challenge: string;
  readonly difficulty: number;
  readonly expiresAt: Date;
}

export function issueChallenge(secret: Buffer, options: { difficulty: number; ttlMs: number; now: Date }): IssuedChallenge {
  if (!Number.isInteger(options.difficulty) || options.difficulty < 0 || options.difficulty > humanCheckChallenge.maxDifficultyBits) {
    throw new Error(`human-check difficulty must be 0..${humanCheckChallenge.maxDifficultyBits} bits, not ${options.difficulty}`);
  }
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  const challenge = sign(secret, "challenge", { v: 1, n: randomBytes(16).toString("base64url"), d: options.difficulty, e: expiresAt.getTime() });
  return { challenge, difficulty: options.difficulty, expiresAt };
}

export type ChallengeRefusal = "malformed" | "expired" | "insufficient_work";

export interface SolvedChallenge {
  /** The challenge's nonce: the key of its single use. */
  readonly nonce: string;
  readonly expiresAt: Date;
}

/**
 * Whether `counter` is valid work for a challenge we issued and that has not
 * expired. A tampered or foreign challenge is "malformed": the client cannot
 * tell it from garbage, and need not.
 */
export function verifyChallengeWork(secret: Buffer, challenge: string, counter: unknown, now: Date): Result<SolvedChallenge, ChallengeRefusal> {
  const payload = challengePayloadSchema.safeParse(opened(secret, "challenge", challenge));
  if (!payload.success || !isWorkCounter(counter)) return fail("malformed");
  if (payload.data.e <= now.getTime()) return fail("expired");
  const digest = createHash("sha256").update(workInput(challenge, counter)).digest();
  if (!meetsDifficulty(digest, payload.data.d)) return fail("insufficient_work");
  return ok({ nonce: payload.data.n, expiresAt: new Date(payload.data.e) });
}

export interface HumanCheckPass {
  readonly passId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export function issuePass(secret: Buffer, options: { ttlMs: number; now: Date }): HumanCheckPass & { readonly token: string } {
  const passId = randomBytes(16).toString("base64url");
  const issuedAt = options.now;
  const expiresAt = new Date(issuedAt.getTime() + options.ttlMs);
  const token = sign(secret, "pass", { v: 1, p: passId, i: issuedAt.getTime(), e: expiresAt.getTime() });
  return { token, passId, issuedAt, expiresAt };
}

/** The pass in a cookie value, when we signed it and it has not expired. */
export function readPass(secret: Buffer, token: string | undefined, now: Date): HumanCheckPass | null {
  if (!token) return null;
  const payload = passPayloadSchema.safeParse(opened(secret, "pass", token));
  if (!payload.success || payload.data.e <= now.getTime()) return null;
  return { passId: payload.data.p, issuedAt: new Date(payload.data.i), expiresAt: new Date(payload.data.e) };
}
