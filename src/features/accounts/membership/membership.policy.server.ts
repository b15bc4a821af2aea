import { requireLevel, type PolicyRequest } from "../policy.server.ts";
import type { ActiveSession } from "../sessions.service.server.ts";

/**
 * Who may change memberships. The server checks these before anything is
 * read or written; the pages only hide what a viewer may not use.
 * - grant or extend: staff (90) only; moderators and members get 403.
 * - gift: every member (basic and above, so not guests, closed or disabled accounts).
 * - checkout (the purchase form): every member.
 */
export const membershipPolicy = {
  grant: (request: PolicyRequest): ActiveSession => requireLevel(request, "staff"),
  gift: (request: PolicyRequest): ActiveSession => requireLevel(request, "basic"),
  checkout: (request: PolicyRequest): ActiveSession => requireLevel(request, "basic"),
};
