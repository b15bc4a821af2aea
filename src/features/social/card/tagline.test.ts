import { describe, expect, it } from "vitest";
import { levels } from "../../accounts/levels.ts";
import { unknownPresence, type DerivedPresence } from "../../presence/derive-presence.ts";
import { tagline, type TaglineFlags, type TaglineMember } from "./tagline.ts";

const flagsOn: TaglineFlags = { membership_badges: true, web_flair_rpc: true };
const flagsOff: TaglineFlags = { membership_badges: false, web_flair_rpc: false };
const member: TaglineMember = { username: "alice", chessTitle: null, membershipLevel: levels.basic, flairCode: "nothing" };
const challenge = "/play/online/new?opponent=alice";

const online: DerivedPresence = { ...unknownPresence, isOnline: true };
const playing: DerivedPresence = { ...unknownPresence, isOnline: true, isPlaying: true, gameLink: "/game/live/7" };
const offline: DerivedPresence = { ...unknownPresence, offlineSince: new Date("2025-12-31T10:00:00Z") };

describe("tagline badges (spec 001 §4.3)", () => {
  it.each([
    ["a chess title wins over the membership badge", { chessTitle: "GM", membershipLevel: levels.diamond }, flagsOn, { kind: "title", title: "GM" }],
    ["a title shows without the membership-badge flag", { chessTitle: "WIM", membershipLevel: levels.basic }, flagsOff, { kind: "title", title: "WIM" }],
    ["gold shows with the flag", { membershipLevel: levels.gold }, flagsOn, { kind: "membership", level: "gold" }],
    ["platinum shows with the flag", { membershipLevel: levels.platinum }, flagsOn, { kind: "membership", level: "platinum" }],
    ["diamond shows with the flag", { membershipLevel: levels.diamond }, flagsOn, { kind: "membership", level: "diamond" }],
    ["gold hides without the flag", { membershipLevel: levels.gold }, flagsOff, null],
    ["platinum hides without the flag", { membershipLevel: levels.platinum }, flagsOff, null],
    ["diamond hides without the flag", { membershipLevel: levels.diamond }, flagsOff, null],
    ["basic has no badge", { membershipLevel: levels.basic }, flagsOn, null],
    ["silver has no badge", { membershipLevel: levels.silver }, flagsOn, null],
    ["a closed account has no membership badge", { membershipLevel: levels.closed_fair_play }, flagsOn, null],
  ] as const)("%s", (_name, overrides, flags, badge) => {
    expect(tagline({ ...member, ...overrides }, flags, null, challenge).badge).toEqual(badge);
  });

  it.each([
    ["staff", levels.staff, flagsOff, "staff"],
    ["moderator", levels.moderator, flagsOff, "moderator"],
    ["staff with the flag on", levels.staff, flagsOn, "staff"],
    ["nobody else", levels.diamond, flagsOn, null],
  ] as const)("the role badge always shows: %s", (_name, membershipLevel, flags, roleBadge) => {
    expect(tagline({ ...member, membershipLevel }, flags, null, challenge).roleBadge).toBe(roleBadge);
  });

  it("shows a staff badge beside a chess title", () => {
    const result = tagline({ ...member, chessTitle: "IM", membershipLevel: levels.staff }, flagsOff, null, challenge);
    expect(result.badge).toEqual({ kind: "title", title: "IM" });
    expect(result.roleBadge).toBe("staff");
  });
});

describe("tagline flair", () => {
  it("is the new flair under web_flair_rpc", () => {
    expect(tagline({ ...member, membershipLevel: levels.gold, flairCode: "crown" }, flagsOn, null, challenge).flair).toEqual({ style: "new", code: "crown" });
  });

  it("is the old icon without it", () => {
    expect(tagline({ ...member, membershipLevel: levels.gold, flairCode: "crown" }, flagsOff, null, challenge).flair).toEqual({ style: "old", code: "crown" });
  });

  it("draws a free flair for a basic member, and no premium flair once the membership lapsed", () => {
    expect(tagline({ ...member, flairCode: "heart" }, flagsOn, null, challenge).flair).toEqual({ style: "new", code: "heart" });
    expect(tagline({ ...member, flairCode: "crown" }, flagsOn, null, challenge).flair).toBeNull();
  });

  it("draws nothing for a special or unknown code", () => {
    for (const flairCode of ["blocked", "clear", "clear_light", "unicorn"]) expect(tagline({ ...member, membershipLevel: levels.diamond, flairCode }, flagsOn, null, challenge).flair).toBeNull();
  });

  it("is nothing for the placeholder flair", () => {
    expect(tagline({ ...member, flairCode: "nothing" }, flagsOn, null, challenge).flair).toBeNull();
    expect(tagline({ ...member, flairCode: null }, flagsOn, null, challenge).flair).toBeNull();
  });
});

describe("tagline presence", () => {
  it("is green and offers Challenge when online", () => {
    const result = tagline(member, flagsOn, online, challenge);
    expect(result.presenceDot).toBe("online");
    expect(result.presenceButton).toEqual({ kind: "challenge", href: challenge });
  });

  it("offers no Challenge to a viewer who may not challenge", () => {
    const result = tagline(member, flagsOn, online, null);
    expect(result.presenceDot).toBe("online");
    expect(result.presenceButton).toBeNull();
  });

  it("is red and offers Watch when playing", () => {
    const result = tagline(member, flagsOn, playing, challenge);
    expect(result.presenceDot).toBe("playing");
    expect(result.presenceButton).toEqual({ kind: "watch", href: "/game/live/7" });
  });

  it("shows the last-online time when offline", () => {
    const result = tagline(member, flagsOn, offline, challenge);
    expect(result.presenceDot).toBeNull();
    expect(result.presenceButton).toEqual({ kind: "lastOnline", since: new Date("2025-12-31T10:00:00Z") });
  });

  it("shows nothing when offline without a time, or when presence is unknown", () => {
    expect(tagline(member, flagsOn, unknownPresence, challenge)).toMatchObject({ presenceDot: null, presenceButton: null });
    expect(tagline(member, flagsOn, null, challenge)).toMatchObject({ presenceDot: null, presenceButton: null });
  });

  it("watches the event or battle when no game link is known", () => {
    const inBattle: DerivedPresence = { ...playing, gameLink: null, battleLink: "/puzzles/battle/abc" };
    expect(tagline(member, flagsOn, inBattle, challenge).presenceButton).toEqual({ kind: "watch", href: "/puzzles/battle/abc" });
    expect(tagline(member, flagsOn, { ...inBattle, battleLink: null }, challenge).presenceButton).toBeNull();
  });
});
