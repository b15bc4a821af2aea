import type { FastifyRequest } from "fastify";
import { hasAtLeast, isClosedLevel } from "../accounts/levels.ts";
import type { ClubViewer } from "./club-role.policy.ts";

/** The club policies' viewer from a request: a signed-in, enabled, not closed account; staff are moderators and above. */
export function clubViewerOf(request: Pick<FastifyRequest, "viewer">): ClubViewer {
  const session = request.viewer.session;
  if (!session || !request.viewer.user.isLoggedIn || !session.user.isEnabled || isClosedLevel(session.user.membershipLevel)) return null;
  return { id: session.user.id, siteStaff: hasAtLeast(session.user.membershipLevel, "moderator") };
}
