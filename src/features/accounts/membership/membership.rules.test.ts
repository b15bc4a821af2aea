import { describe, expect, it } from "vitest";
import { levels } from "../levels.ts";
import { giftRefusal, grantOutcome, grantRefusal, type MembershipTarget } from "./membership.service.server.ts";

const now = new Date("2026-03-01T00:00:00Z");
const target = (membershipLevel: number, membershipExpiresAt: Date | null = null, isEnabled = true): MembershipTarget => ({ id: 2, membershipLevel, isEnabled, membershipExpiresAt });

describe("who can receive a membership", () => {
  it("basic members, and premium members whose membership has an end", () => {
    expect(grantRefusal(target(levels.basic))).toBeNull();
    expect(grantRefusal(target(levels.gold, new Date("2026-04-01T00:00:00Z")))).toBeNull();
    expect(grantRefusal(target(levels.gold, new Date("2026-02-01T00:00:00Z")))).toBeNull();
  });

  it("not guests, closed or disabled accounts, moderators or staff", () => {
    for (const level of [levels.guest, levels.closed_fair_play, levels.closed_abuse, levels.closed_voluntarily, levels.closed_unspecified, levels.moderator, levels.staff]) {
      expect(grantRefusal(target(level)), String(level)).toBe("not_eligible");
    }
    expect(grantRefusal(target(levels.basic, null, false))).toBe("not_eligible");
  });

  it("not a member whose premium level never ends", () => {
    expect(grantRefusal(target(levels.diamond, null))).toBe("membership_permanent");
  });

  it("gifts: staff only while the provider takes no payment, and not to oneself", () => {
    const builtin = { takesPayment: false };
    const paid = { takesPayment: true };
    expect(giftRefusal({ id: 3, level: levels.gold }, target(levels.basic), builtin)).toBe("gift_staff_only");
    expect(giftRefusal({ id: 3, level: levels.staff }, target(levels.basic), builtin)).toBeNull();
    expect(giftRefusal({ id: 3, level: levels.gold }, target(levels.basic), paid)).toBeNull();
    expect(giftRefusal({ id: 2, level: levels.staff }, target(levels.basic), builtin)).toBe("gift_to_self");
  });
});

describe("what a grant does", () => {
  it("starts now for a basic member", () => {
    expect(grantOutcome(target(levels.basic), "gold", "monthly", now)).toEqual({
      level: levels.gold,
      startsAt: now,
      expiresAt: new Date("2026-04-01T00:00:00Z"),
    });
  });

  it("extends an active membership from its end, never lowering the level", () => {
    const active = target(levels.diamond, new Date("2026-05-10T00:00:00Z"));
    expect(grantOutcome(active, "gold", "yearly", now)).toEqual({
      level: levels.diamond,
      startsAt: new Date("2026-05-10T00:00:00Z"),
      expiresAt: new Date("2027-05-10T00:00:00Z"),
    });
    expect(grantOutcome(target(levels.gold, new Date("2026-03-20T00:00:00Z")), "platinum", "monthly", now).level).toBe(levels.platinum);
  });

  it("starts over when the old membership has already ended", () => {
    const lapsed = target(levels.platinum, new Date("2026-02-01T00:00:00Z"));
    expect(grantOutcome(lapsed, "gold", "monthly", now)).toEqual({ level: levels.gold, startsAt: now, expiresAt: new Date("2026-04-01T00:00:00Z") });
  });
});
