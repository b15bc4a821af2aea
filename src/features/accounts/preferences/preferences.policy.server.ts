import { requireLevel, requireSignedIn, type PolicyRequest } from "../policy.server.ts";
import type { ActiveSession } from "../sessions.service.server.ts";

/**
 * Who may set which preference (docs/decisions/0009-account-preferences-membership-staff.md):
 * - archive view: every signed-in account, guests included: a guest has a game archive too;
 * - fair-play agreement: every signed-in account, guests included: guests play games, and the agreement is about play;
 * - home content type: members only (not guests): the "following" feed is social, and guests get no social features (spec 001 §6.1).
 * Anonymous visitors get 401; disabled and closed accounts 403.
 */
export const preferencesPolicy = {
  setArchiveView: (request: PolicyRequest): ActiveSession => requireSignedIn(request),
  setFairPlayAgree: (request: PolicyRequest): ActiveSession => requireSignedIn(request),
  setHomeContentType: (request: PolicyRequest): ActiveSession => requireLevel(request, "basic"),
};
