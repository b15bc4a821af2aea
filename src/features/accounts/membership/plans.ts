import { levels } from "../levels.ts";

/**
 * The membership plans the site sells (spec 001 §2.5): gold, platinum and
 * diamond, each monthly or yearly.
 *
 * THE SITE'S CONFIGURED PRICES. These figures are this installation's own
 * choice, in minor units (cents) of PLAN_CURRENCY; change them here and
 * nowhere else. No real payment is taken anywhere in Kingside (see
 * membership.service.server.ts): the prices are shown, not charged.
 */
export const PLAN_CURRENCY = "USD";

export const planLevels = ["gold", "platinum", "diamond"] as const;
export type PlanLevel = (typeof planLevels)[number];
export const planPeriods = ["monthly", "yearly"] as const;
export type PlanPeriod = (typeof planPeriods)[number];

export const planPriceCents = {
  gold: { monthly: 499, yearly: 2999 },
  platinum: { monthly: 799, yearly: 4999 },
  diamond: { monthly: 1499, yearly: 9999 },
} as const satisfies Record<PlanLevel, Record<PlanPeriod, number>>;

export interface MembershipPlan {
  readonly level: PlanLevel;
  readonly period: PlanPeriod;
  readonly priceCents: number;
  /** What a yearly plan costs per month (rounded down to the cent); a monthly plan's own price. */
  readonly perMonthCents: number;
  readonly currency: string;
}

function plan(level: PlanLevel, period: PlanPeriod): MembershipPlan {
  const priceCents = planPriceCents[level][period];
  return { level, period, priceCents, perMonthCents: period === "yearly" ? Math.floor(priceCents / 12) : priceCents, currency: PLAN_CURRENCY };
}

/** The expanded list: yearly and monthly of diamond, platinum and gold. */
export const allPlans: readonly MembershipPlan[] = (["diamond", "platinum", "gold"] as const).flatMap((level) => [plan(level, "yearly"), plan(level, "monthly")]);
/** The collapsed list: yearly diamond and monthly gold. */
export const collapsedPlans: readonly MembershipPlan[] = [plan("diamond", "yearly"), plan("gold", "monthly")];

export function plansFor(expanded: boolean): readonly MembershipPlan[] {
  return expanded ? allPlans : collapsedPlans;
}

export function planLevelValue(level: PlanLevel): number {
  return levels[level];
}

/** The end of a period that starts at `start` (calendar months, UTC; the 31st of a short month becomes its last day). */
export function addPeriod(start: Date, period: PlanPeriod): Date {
  const months = period === "yearly" ? 12 : 1;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** Campaign parameters (spec 000 §2): c, default "icon", and b; short word strings, anything else is dropped. */
export const DEFAULT_CAMPAIGN = "icon";
/** A campaign word: the page reads it with this, the checkout schema checks it with this. */
export const CAMPAIGN_WORD = /^\w{1,32}$/;

export interface Campaign {
  readonly c: string;
  readonly b: string | null;
}

export function campaignFrom(query: URLSearchParams | Readonly<Record<string, unknown>>): Campaign {
  const read = (name: string): unknown => (query instanceof URLSearchParams ? query.get(name) : query[name]);
  const word = (value: unknown): string | null => (typeof value === "string" && CAMPAIGN_WORD.test(value) ? value : null);
  return { c: word(read("c")) ?? DEFAULT_CAMPAIGN, b: word(read("b")) };
}
