import { describe, expect, it } from "vitest";
import { addPeriod, allPlans, campaignFrom, collapsedPlans, plansFor, planPriceCents } from "./plans.ts";

const names = (plans: readonly { level: string; period: string }[]) => plans.map((plan) => `${plan.period} ${plan.level}`);

describe("membership plans", () => {
  it("collapsed: yearly diamond and monthly gold", () => {
    expect(names(collapsedPlans)).toEqual(["yearly diamond", "monthly gold"]);
    expect(plansFor(false)).toBe(collapsedPlans);
  });

  it("expanded: yearly and monthly of diamond, platinum and gold", () => {
    expect(names(allPlans)).toEqual(["yearly diamond", "monthly diamond", "yearly platinum", "monthly platinum", "yearly gold", "monthly gold"]);
    expect(plansFor(true)).toBe(allPlans);
  });

  it("prices every plan from the one configured table, yearly cheaper per month than monthly", () => {
    for (const plan of allPlans) {
      expect(plan.priceCents).toBe(planPriceCents[plan.level][plan.period]);
      if (plan.period === "yearly") expect(plan.perMonthCents).toBeLessThan(planPriceCents[plan.level].monthly);
    }
  });
});

describe("campaign parameters", () => {
  it("defaults c to icon and b to none", () => {
    expect(campaignFrom(new URLSearchParams(""))).toEqual({ c: "icon", b: null });
  });

  it("keeps short word strings", () => {
    expect(campaignFrom(new URLSearchParams("c=spring_sale&b=banner2"))).toEqual({ c: "spring_sale", b: "banner2" });
  });

  it("drops anything else", () => {
    expect(campaignFrom(new URLSearchParams("c=<script>&b=a%20b"))).toEqual({ c: "icon", b: null });
    expect(campaignFrom(new URLSearchParams(`c=${"x".repeat(33)}`))).toEqual({ c: "icon", b: null });
    expect(campaignFrom({ c: 42, b: ["x"] })).toEqual({ c: "icon", b: null });
  });
});

describe("addPeriod", () => {
  it("adds a calendar month or year in UTC", () => {
    expect(addPeriod(new Date("2026-03-05T10:00:00Z"), "monthly").toISOString()).toBe("2026-04-05T10:00:00.000Z");
    expect(addPeriod(new Date("2026-03-05T10:00:00Z"), "yearly").toISOString()).toBe("2027-03-05T10:00:00.000Z");
    expect(addPeriod(new Date("2026-12-15T00:00:00Z"), "monthly").toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("ends on the last day of a shorter month", () => {
    expect(addPeriod(new Date("2026-01-31T12:00:00Z"), "monthly").toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(addPeriod(new Date("2028-02-29T12:00:00Z"), "yearly").toISOString()).toBe("2029-02-28T12:00:00.000Z");
  });
});
