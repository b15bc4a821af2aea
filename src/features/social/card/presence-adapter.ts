import type { Presence } from "../../presence/presence.schema.ts";
import { usePresence } from "../../presence/use-presence.ts";

/**
 * The one place the card and the profile read a member's presence from (the
 * presence feature's usePresence: GET /callback/presence, then live through
 * the member's presence room). A missing presence (loading, not found, or the
 * lookup failed: spec 001 §8 "Presence failure: null") shows nothing.
 */
export function useMemberPresence(userId: number | null): Presence | null {
  const { presence } = usePresence(userId === null ? [] : [userId]);
  return userId === null ? null : (presence?.get(userId) ?? null);
}
