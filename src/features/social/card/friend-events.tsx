import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { useRoomEvents } from "../../../platform/realtime/socket-provider.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useAlerts, type AlertInput } from "../../../ui/alert.tsx";
import { friendEvents, isFriendEventType, type FriendEventType } from "../social.events.ts";

/**
 * A signed-in member's friend events, live: the shell listens to the member's
 * own `user:{id}` room (the server lets only that member in) and shows an
 * info alert when someone sends a friend request or accepts one. Open user
 * cards and the profile's action bar reload on any friend event about the
 * member they show (useFriendEvents).
 */

export interface FriendEvent {
  readonly type: FriendEventType;
  /** The other member's username. */
  readonly from: string;
}

type FriendEventListener = (event: FriendEvent) => void;

interface FriendEventsHub {
  add(listener: FriendEventListener): () => void;
}

const FriendEventsContext = createContext<FriendEventsHub | null>(null);

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
            for (const listener of [...listeners]) listener({ type: "friend.accepted", from: event.from });
          })
          // The HTTP client has shown the refusal.
          .catch(() => undefined);
      },
    };
    return [accept, profile];
  }
  const [listeners] = useState(() => new Set<FriendEventListener>());
  const [hub] = useState<FriendEventsHub>(() => ({
    add(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  }));

  useRoomEvents(memberId === null ? null : memberRoom(memberId), (event) => {
    if (!isFriendEventType(event.type)) return;
    const payload = eventPayload(friendEvents[event.type], event);
    if (!payload) return;
    const friendEvent: FriendEvent = { type: event.type, from: payload.from };
    const messageId = alertMessageIds[friendEvent.type];
    if (messageId) showAlert({ type: "info", message: intl.formatMessage({ id: messageId }, { username: friendEvent.from }), actions: alertActions(friendEvent) });
    for (const listener of [...listeners]) listener(friendEvent);
  });

  return <FriendEventsContext value={hub}>{children}</FriendEventsContext>;
}

/** Calls `listener` for each friend event of the signed-in member (nothing without the provider). */
export function useFriendEvents(listener: FriendEventListener): void {
  const hub = useContext(FriendEventsContext);
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  });
  useEffect(() => {
    if (!hub) return;
    return hub.add((event) => listenerRef.current(event));
  }, [hub]);
}
