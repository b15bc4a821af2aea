import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { issueChallenge, issuePass, readPass, verifyChallengeWork } from "./human-check-tokens.server.ts";
import { leadingZeroBits, workInput } from "./proof-of-work.ts";

const secret = randomBytes(32);
const now = new Date("2026-03-01T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

/** Work found the quick way (node's SHA-256): the browser's solver is tested beside it. */
function solve(challenge: string, difficulty: number): number {
  for (let counter = 0; ; counter += 1) {
    if (leadingZeroBits(createHash("sha256").update(workInput(challenge, counter)).digest()) >= difficulty) return counter;
  }
}

/** A counter whose hash does NOT meet the difficulty. */
function nonSolution(challenge: string, difficulty: number): number {
  for (let counter = 0; ; counter += 1) {
    if (leadingZeroBits(createHash("sha256").update(workInput(challenge, counter)).digest()) < difficulty) return counter;
  }
}

describe("human-check challenges", () => {
  it("accepts valid work for a challenge we issued, with its nonce and expiry", () => {
    const issued = issueChallenge(secret, { difficulty: 12, ttlMs: 120_000, now });
    expect(issued.difficulty).toBe(12);
    expect(issued.expiresAt).toEqual(later(120_000));
    const result = verifyChallengeWork(secret, issued.challenge, solve(issued.challenge, 12), later(1000));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(result.value.expiresAt).toEqual(issued.expiresAt);
    }
  });

  it("gives every challenge a fresh nonce", () => {
    const first = issueChallenge(secret, { difficulty: 1, ttlMs: 1000, now });
    const second = issueChallenge(secret, { difficulty: 1, ttlMs: 1000, now });
    expect(first.challenge).not.toBe(second.challenge);
  });

  it("refuses a wrong counter", () => {
    const issued = issueChallenge(secret, { difficulty: 12, ttlMs: 120_000, now });
    expect(verifyChallengeWork(secret, issued.challenge, nonSolution(issued.challenge, 12), now)).toEqual({ ok: false, error: "insufficient_work" });
    expect(verifyChallengeWork(secret, issued.challenge, -1, now)).toEqual({ ok: false, error: "malformed" });
    expect(verifyChallengeWork(secret, issued.challenge, "12", now)).toEqual({ ok: false, error: "malformed" });
  });

  it("refuses an expired challenge even with valid work", () => {
    const issued = issueChallenge(secret, { difficulty: 8, ttlMs: 120_000, now });
    const counter = solve(issued.challenge, 8);
    expect(verifyChallengeWork(secret, issued.challenge, counter, later(119_999)).ok).toBe(true);
    expect(verifyChallengeWork(secret, issued.challenge, counter, later(120_000))).toEqual({ ok: false, error: "expired" });
  });

  it("refuses a tampered challenge: a lowered difficulty, a later expiry, a forged signature, another secret", () => {
    const issued = issueChallenge(secret, { difficulty: 12, ttlMs: 120_000, now });
    const [body = "", signature = ""] = issued.challenge.split(".");
    const payload: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    expect(payload).toMatchObject({ d: 12 });
    const easier = `${Buffer.from(JSON.stringify({ ...Object(payload), d: 0 })).toString("base64url")}.${signature}`;
    expect(verifyChallengeWork(secret, easier, 0, now)).toEqual({ ok: false, error: "malformed" });
    const longer = `${Buffer.from(JSON.stringify({ ...Object(payload), e: Date.now() * 2 })).toString("base64url")}.${signature}`;
    expect(verifyChallengeWork(secret, longer, solve(longer, 12), now).ok).toBe(false);
    const flipped = `${body}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(verifyChallengeWork(secret, flipped, 0, now)).toEqual({ ok: false, error: "malformed" });
    const foreign = issueChallenge(randomBytes(32), { difficulty: 1, ttlMs: 120_000, now });
    expect(verifyChallengeWork(secret, foreign.challenge, solve(foreign.challenge, 1), now)).toEqual({ ok: false, error: "malformed" });
    for (const garbage of ["", "x", "a.b.c", "%%%.%%%", "x".repeat(5000)]) expect(verifyChallengeWork(secret, garbage, 0, now).ok).toBe(false);
  });

  it("refuses difficulties it could not verify in reason", () => {
    expect(() => issueChallenge(secret, { difficulty: 40, ttlMs: 1000, now })).toThrow();
    expect(() => issueChallenge(secret, { difficulty: -1, ttlMs: 1000, now })).toThrow();
  });
});

describe("human-check passes", () => {
  it("reads a pass we issued until it expires", () => {
    const pass = issuePass(secret, { ttlMs: 600_000, now });
    expect(readPass(secret, pass.token, later(599_999))).toEqual({ passId: pass.passId, issuedAt: now, expiresAt: later(600_000) });
    expect(readPass(secret, pass.token, later(600_000))).toBeNull();
  });

  it("refuses a tampered pass, a foreign one, and a challenge posing as a pass", () => {
    const pass = issuePass(secret, { ttlMs: 600_000, now });
    expect(readPass(secret, `${pass.token}x`, now)).toBeNull();
    expect(readPass(randomBytes(32), pass.token, now)).toBeNull();
    expect(readPass(secret, issueChallenge(secret, { difficulty: 1, ttlMs: 600_000, now }).challenge, now)).toBeNull();
    expect(readPass(secret, undefined, now)).toBeNull();
  });

  it("cannot be used as a challenge either", () => {
    const pass = issuePass(secret, { ttlMs: 600_000, now });
    expect(verifyChallengeWork(secret, pass.token, solve(pass.token, 1), now)).toEqual({ ok: false, error: "malformed" });
  });
});
