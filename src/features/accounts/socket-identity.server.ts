/**
 * What a socket keeps of its upgrade request's viewer (the hub's IdentifySocket).
 * A member on the two-factor step is not signed in yet: no member id, so no
 * private room, but the session id, so that its sockets close with it.
 */
import type { IdentifySocket } from "../../platform/realtime/hub.server.ts";

export const identifySocket: IdentifySocket = (request) => {
  const { session, user } = request.viewer;
  const signedIn = user.isLoggedIn && user.id !== null;
  return {
    memberId: signedIn ? user.id : null,
    username: signedIn ? user.username : null,
    level: signedIn ? user.membershipLevel : 0,
    sessionId: session?.tokenHash ?? null,
    locale: user.language,
  };
};
