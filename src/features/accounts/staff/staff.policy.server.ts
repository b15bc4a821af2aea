import { hasAtLeast } from "../levels.ts";
import { requireLevel, type PolicyRequest } from "../policy.server.ts";
import type { ActiveSession } from "../sessions.service.server.ts";

/**
 * Staff account actions (spec 000 §6): disabling and enabling members is for
 * staff (90) only. Moderators and members get 403, anonymous visitors 401.
 */
export const staffPolicy = {
  disableMember: (request: PolicyRequest): ActiveSession => requireLevel(request, "staff"),
  enableMember: (request: PolicyRequest): ActiveSession => requireLevel(request, "staff"),
};

/** Staff accounts cannot be disabled through the site (not even one's own): that needs the database and two people. */
export function isProtectedAccount(level: number): boolean {
  return hasAtLeast(level, "staff");
}
