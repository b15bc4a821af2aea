/**
 * Who may do what with team matches (decision 0072), decided here and read by
 * the services, never by a route.
 */
import { hasAtLeast } from "../accounts/levels.ts";
import { runsClub, type ClubStanding } from "../clubs/club-role.policy.ts";

export interface TeamMatchActor {
  readonly id: number;
  readonly level: number;
}

/** Challenges are sent, answered and deleted by a club's owner or admins. */
export const mayActForClub = (standing: ClubStanding): boolean => runsClub(standing);

/** A player is removed from a match by their club's owner or admins, or by staff. */
export const mayRemovePlayer = (actor: TeamMatchActor, standingInPlayersClub: ClubStanding): boolean => hasAtLeast(actor.level, "staff") || runsClub(standingInPlayersClub);

export type SignUpRefusal = "not_in_either_club" | "member_of_both_clubs" | "rating_too_low" | "rating_too_high";

/** Whether a member may sign up, and for which side: a member of both clubs may not play either. */
export function signUpSide(inA: boolean, inB: boolean, rating: number, limits: { readonly minRating: number | null; readonly maxRating: number | null }): { readonly side: "a" | "b" } | { readonly refusal: SignUpRefusal } {
  if (inA && inB) return { refusal: "member_of_both_clubs" };
  if (!inA && !inB) return { refusal: "not_in_either_club" };
  if (limits.minRating !== null && rating < limits.minRating) return { refusal: "rating_too_low" };
  if (limits.maxRating !== null && rating > limits.maxRating) return { refusal: "rating_too_high" };
  return { side: inA ? "a" : "b" };
}
