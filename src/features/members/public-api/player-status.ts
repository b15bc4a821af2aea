import { levels, membershipName } from "../../accounts/levels.ts";
import type { PublicPlayerStatus } from "./public-api.schema.ts";

/** Guests (and any level below basic that is not a closure) have no public profile. */
export function hasPublicProfile(membershipLevel: number): boolean {
  return membershipName(membershipLevel) !== "guest";
}

/**
 * The API's status for a member with a public profile: the closure reason for
 * levels 5 and 6, "closed" for 7 and 8 and for accounts staff disabled, then
 * basic, premium (silver to diamond), mod and staff. Levels between the named
 * ones read as the named level below them.
 */
export function publicPlayerStatus(membershipLevel: number, isEnabled: boolean): PublicPlayerStatus {
  const name = membershipName(membershipLevel);
  if (name === "closed_fair_play") return "closed:fair_play_violations";
  if (name === "closed_abuse") return "closed:abuse";
  if (name === "closed_voluntarily" || name === "closed_unspecified" || !isEnabled) return "closed";
  if (membershipLevel >= levels.staff) return "staff";
  if (membershipLevel >= levels.moderator) return "mod";
  if (membershipLevel >= levels.silver) return "premium";
  return "basic";
}
