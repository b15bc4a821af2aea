import type { FastifyRequest } from "fastify";
import { AppError } from "../../../platform/http/errors.ts";
import type { ActiveSession } from "../sessions.service.server.ts";
import { requireLoggedIn } from "../viewer.server.ts";

/** Who may register, become a guest or set a guest's skill. */

/** The signed-in guest whose own row a registration converts, or null for a new member. */
export function registeringGuestId(request: FastifyRequest): number | null {
  const { session, user } = request.viewer;
  return session && user.isLoggedIn && user.isGuest ? session.user.id : null;
}

/** A signed-in member (not a guest) already has an account: no second one from the same session. */
export function isAlreadyMember(request: FastifyRequest): boolean {
  return request.viewer.user.isMember;
}

/** The signed-in guest themselves: 401 without a session, 403 for a member who is not a guest. */
export function requireGuest(request: FastifyRequest): ActiveSession {
  const session = requireLoggedIn(request);
  if (!request.viewer.user.isGuest) throw new AppError("forbidden");
  return session;
}
