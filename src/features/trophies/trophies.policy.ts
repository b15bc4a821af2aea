/**
 * Who may award and feature trophies (decision 0058), pure: the service asks
 * it before anything changes; the card and the award dialog offer what it allows.
 *
 * Awarding is scarce: each member has a monthly allowance of social trophies
 * by membership level (calendar month, UTC). Basic members award one a month,
 * premium members more; staff hand them out as the spec's staff action.
 */
import { hasAtLeast, isPremiumLevel, levels } from "../accounts/levels.ts";

export function monthlyAwardAllowance(level: number): number {
  if (hasAtLeast(level, "staff")) return 100;
  if (hasAtLeast(level, "diamond")) return 10;
  if (hasAtLeast(level, "platinum")) return 6;
  if (hasAtLeast(level, "gold")) return 4;
  if (isPremiumLevel(level)) return 2;
  return level === levels.basic ? 1 : 0;
}

export type AwardRefusal = "guest" | "self" | "blocked" | "blocked_by_member" | "recipient_unavailable" | "no_awards_left";

export interface AwardFacts {
  readonly actorLevel: number;
  readonly isSelf: boolean;
  readonly recipientEnabled: boolean;
  readonly recipientLevel: number;
  /** The contact rule's answer (social's block rule), or null. */
  readonly contactRefusal: "blocked" | "blocked_by_member" | null;
  /** Social trophies the actor awarded this month. */
  readonly awardedThisMonth: number;
}

/** Why this award may not be made, or null. Message and award need a messageable, enabled target (spec 001 §6). */
export function awardRefusal(facts: AwardFacts): AwardRefusal | null {
  if (!hasAtLeast(facts.actorLevel, "basic")) return "guest";
  if (facts.isSelf) return "self";
  if (!facts.recipientEnabled || !hasAtLeast(facts.recipientLevel, "basic")) return "recipient_unavailable";
  if (facts.contactRefusal) return facts.contactRefusal;
  if (facts.awardedThisMonth >= monthlyAwardAllowance(facts.actorLevel)) return "no_awards_left";
  return null;
}

/** A trophy is featured or put back by the member who holds it, or by staff. */
export function featureRefusal(actor: { readonly id: number; readonly level: number }, recipientId: number): "not_yours" | null {
  return actor.id === recipientId || hasAtLeast(actor.level, "staff") ? null : "not_yours";
}
