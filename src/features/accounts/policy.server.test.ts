import { describe, expect, it } from "vitest";
import { parseFeatureFlags } from "../../platform/flags/feature-flags.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { UserRow } from "./accounts.tables.server.ts";
import { anonymousUser, levelFlags } from "./current-user.ts";
import { levels, type LevelName } from "./levels.ts";
import { atLeast, exactly, levelAllows, requireExactLevel, requireLevel, requireSignedIn, type PolicyRequest } from "./policy.server.ts";

const features = parseFeatureFlags("");

function requestOf(level: number | null, options: { enabled?: boolean; twoFactorPending?: boolean } = {}): PolicyRequest {
  if (level === null) return { viewer: { session: null, user: anonymousUser(features), csrfToken: "", browserId: "" } };
  const loggedIn = !options.twoFactorPending;
  const row: UserRow = { ...placeholderRow(), membershipLevel: level, isEnabled: options.enabled ?? true };
  return {
    viewer: {
      session: { tokenHash: "t", twoFactorPending: !loggedIn, remember: false, expiresAt: new Date(), user: row, roles: { site: [], clubs: [] }, boardSettings: null },
      user: { ...anonymousUser(features), ...levelFlags(level, loggedIn), isLoggedIn: loggedIn, isMember: loggedIn && level !== 0, id: 7, membershipLevel: level },
      csrfToken: "x",
      browserId: "",
    },
  };
}

function placeholderRow(): UserRow {
  const at = new Date("2026-01-01T00:00:00Z");
  return {
    id: 7, uuid: "00000000-0000-0000-0000-000000000007", username: "someone", usernameKey: "someone", email: null, passwordHash: null, firstName: null, lastName: null,
    countryCode: "XX", chessTitle: null, membershipLevel: 10, flairCode: "nothing", flairStatus: "active", statusText: null, location: null, bio: null, avatarUrl: null, isEnabled: true, isStreamer: false,
    timezone: "UTC", language: "en", contentLanguage: null, archiveView: "grid", homeContentType: "following", fairPlayAgree: false, skillLevel: null,
    allowFriendRequests: true, profileEditingAllowed: true, totpSecret: null, totpEnabledAt: null, membershipExpiresAt: null, disabledAt: null, closedAt: null,
    createdAt: at, lastLoginAt: null,
  };
}

function statusOf(check: () => unknown): number {
  try {
    check();
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe("levelAllows: cumulative and exact rules", () => {
  it.each<[LevelName, number, boolean]>([
    ["basic", levels.guest, false],
    ["basic", levels.basic, true],
    ["basic", levels.staff, true],
    ["silver", levels.basic, false],
    ["silver", levels.silver, true],
    ["silver", levels.diamond, true],
    ["silver", levels.moderator, true],
    ["gold", levels.silver, false],
    ["moderator", levels.diamond, false],
    ["moderator", levels.moderator, true],
    ["moderator", levels.staff, true],
    ["staff", levels.moderator, false],
    ["staff", levels.staff, true],
  ])("at least %s: level %i -> %s", (required, level, allowed) => {
    expect(levelAllows(level, atLeast(required))).toBe(allowed);
  });

  it("never lets a closed account pass a cumulative rule, not even 'at least guest'", () => {
    for (const closed of [levels.closed_fair_play, levels.closed_abuse, levels.closed_voluntarily, levels.closed_unspecified]) {
      expect(levelAllows(closed, atLeast("guest"))).toBe(false);
      expect(levelAllows(closed, atLeast("basic"))).toBe(false);
    }
  });

  it("matches one level only for an exact rule", () => {
    expect(levelAllows(levels.gold, exactly("gold"))).toBe(true);
    expect(levelAllows(levels.platinum, exactly("gold"))).toBe(false);
    expect(levelAllows(levels.silver, exactly("gold"))).toBe(false);
    expect(levelAllows(levels.closed_abuse, exactly("closed_abuse"))).toBe(true);
    expect(levelAllows(levels.staff, exactly("moderator"))).toBe(false);
  });
});

describe("requireLevel and friends on a request", () => {
  it("answers 401 for anonymous visitors and for the two-factor step", () => {
    expect(statusOf(() => requireLevel(requestOf(null), "basic"))).toBe(401);
    expect(statusOf(() => requireSignedIn(requestOf(null)))).toBe(401);
    expect(statusOf(() => requireLevel(requestOf(levels.staff, { twoFactorPending: true }), "staff"))).toBe(401);
  });

  it("answers 403 below the level, and for disabled or closed accounts", () => {
    expect(statusOf(() => requireLevel(requestOf(levels.moderator), "staff"))).toBe(403);
    expect(statusOf(() => requireLevel(requestOf(levels.guest), "basic"))).toBe(403);
    expect(statusOf(() => requireLevel(requestOf(levels.staff, { enabled: false }), "staff"))).toBe(403);
    expect(statusOf(() => requireSignedIn(requestOf(levels.closed_abuse)))).toBe(403);
  });

  it("lets the level and everything above through a cumulative check", () => {
    expect(statusOf(() => requireLevel(requestOf(levels.staff), "staff"))).toBe(200);
    expect(statusOf(() => requireLevel(requestOf(levels.staff), "moderator"))).toBe(200);
    expect(statusOf(() => requireLevel(requestOf(levels.basic), "basic"))).toBe(200);
    expect(statusOf(() => requireSignedIn(requestOf(levels.guest)))).toBe(200);
  });

  it("lets only the level itself through an exact check", () => {
    expect(statusOf(() => requireExactLevel(requestOf(levels.basic), "basic"))).toBe(200);
    expect(statusOf(() => requireExactLevel(requestOf(levels.gold), "basic"))).toBe(403);
  });

  it("returns the session of the account that passed", () => {
    expect(requireLevel(requestOf(levels.gold), "silver").user.id).toBe(7);
  });
});
