import type { ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../../platform/shell/root-data.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { useRoomEvents } from "../../../platform/realtime/socket-provider.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useAlerts, type AlertInput } from "../../../ui/alert.tsx";
import { friendEvents, isFriendEventType, type FriendEventType } from "../social.events.ts";
import { emitFriendEvent, type FriendEvent } from "./friend-events-hub.ts";

/**
 * A signed-in member's friend events, live: the shell listens to the member's
 * own `user:{id}` room (the server lets only that member in) and shows an
 * info alert when someone sends a friend request or accepts one, and tells
 * the page's listeners (friend-events-hub.ts): open user cards and the
 * profile's action bar reload on any friend event about the member they show.
 */

const alertMessageIds: Readonly<Partial<Record<FriendEventType, string>>> = {
  "friend.request": "user_card.realtime.friend_request",
  "friend.accepted": "user_card.realtime.friend_accepted",
};

export function FriendEventsProvider({ memberId, children }: { memberId: number | null; children: ReactNode }) {
  const intl = useIntl();
  const link = useLinks();
  const http = useHttpClient();
  const { showAlert } = useAlerts();

  /** A request can be accepted from the toast; both kinds link to the member. */
  function alertActions(event: FriendEvent): AlertInput["actions"] {
    const profile = { label: intl.formatMessage({ id: "social.notification.open_profile" }), href: link("web_member_profile", { username: event.from }) };
    if (event.type !== "friend.request") return [profile];
    const accept = {
      label: intl.formatMessage({ id: "social.notification.accept" }),
      primary: true,
      onSelect: () => {
        http
          .put(`/callback/friend/${encodeURIComponent(event.from)}/accept`)
          .then(() => {
            showAlert({ type: "success", message: intl.formatMessage({ id: "social.notification.accepted_done" }) });
            emitFriendEvent({ type: "friend.accepted", from: event.from });
          })
          // The HTTP client has shown the refusal.
          .catch(() => undefined);
      },
    };
    return [accept, profile];
  }
  useRoomEvents(memberId === null ? null : memberRoom(memberId), (event) => {
    if (!isFriendEventType(event.type)) return;
    const payload = eventPayload(friendEvents[event.type], event);
    if (!payload) return;
    const friendEvent: FriendEvent = { type: event.type, from: payload.from };
    const messageId = alertMessageIds[friendEvent.type];
    if (messageId) showAlert({ type: "info", message: intl.formatMessage({ id: messageId }, { username: friendEvent.from }), actions: alertActions(friendEvent) });
    emitFriendEvent(friendEvent);
  });

  return children;
}

/** The shell's signed-in layer: a member's friend events (guests have none). */
export function FriendEventsLayer({ children }: { children: ReactNode }) {
  const user = useRouteLoaderData<RootData>("root")?.currentUser;
  return <FriendEventsProvider memberId={user?.isMember ? user.id : null}>{children}</FriendEventsProvider>;
}
