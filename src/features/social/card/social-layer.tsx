import type { ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../../../platform/shell/root-data.ts";
import type { CardViewer } from "./card-actions.ts";
import { UserCardProvider } from "./user-card-provider.tsx";

const anonymousViewer: CardViewer = { isLoggedIn: false, isGuest: false, id: null, username: "", isModerator: false };

/**
 * The social part of the page shell for every visitor: the user card that
 * every username opens (the signed-in member's live friend events are in
 * friend-events-layer.tsx, a signed-in slot). Needs the shell's alerts, HTTP
 * client and socket above it.
 */
export function SocialLayer({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const user = root?.currentUser;
  const viewer: CardViewer = user
    ? { isLoggedIn: user.isLoggedIn, isGuest: user.isGuest, id: user.id, username: user.username, isModerator: user.isModerator }
    : anonymousViewer;
  return (
    <UserCardProvider viewer={viewer} closeKey={pathname}>
      {children}
    </UserCardProvider>
  );
}
