/**
 * Who may choose which flair, and who may reset one (decision 0058): the one
 * place these are decided, for the routes, the settings panel and the card.
 */
import { hasAtLeast, isPremiumLevel } from "../levels.ts";
import { flairByCode, type FlairDefinition } from "./flair-catalogue.ts";

export type FlairRefusal = "flair_unknown" | "flair_premium_only" | "flair_not_allowed";

/** Why this member may not wear this flair, or null. Guests and closed accounts wear none; basic members the free set. */
export function flairChoiceRefusal(level: number, code: string): FlairRefusal | null {
  const flair: FlairDefinition | undefined = flairByCode(code);
  if (!flair) return "flair_unknown";
  if (!hasAtLeast(level, "basic")) return "flair_not_allowed";
  if (!flair.free && !isPremiumLevel(level)) return "flair_premium_only";
  return null;
}

/** Whose list of available flair a member may read: their own; moderators and staff anyone's. */
export function flairListRefusal(actor: { readonly id: number; readonly level: number }, ownerId: number): "flair_not_allowed" | null {
  return actor.id === ownerId || hasAtLeast(actor.level, "moderator") ? null : "flair_not_allowed";
}

/** Resetting another member's flair is a moderation action: moderators and staff. */
export function flairResetRefusal(actorLevel: number): "flair_not_allowed" | null {
  return hasAtLeast(actorLevel, "moderator") ? null : "flair_not_allowed";
}
