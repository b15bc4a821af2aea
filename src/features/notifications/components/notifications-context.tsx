import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import type { NotificationTypeView } from "../../../platform/notifications/notification-types.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { useRoomEvents } from "../../../platform/realtime/socket-provider.tsx";
import type { RootData } from "../../../platform/shell/root-data.ts";
import { notificationAddedEvent, notificationsReadEvent, notificationsRemovedEvent } from "../notifications.events.ts";
import { BELL_PANEL_SIZE } from "../notifications.constants.ts";
import type { NotificationItem, NotificationList, UnreadCount } from "../notifications.schema.ts";

/**
 * The signed-in member's notifications in the browser, shared by the bell and
 * the notifications page: the types to render them with (the composition
 * root's registry), the unread count kept live from the member's private room
 * (asked again after every (re)subscription, so a gap while offline is closed),
 * the bell's latest few, and what was marked read or taken back since the
 * page loaded.
 */
export interface NotificationsHub {
  readonly types: readonly NotificationTypeView[];
  /** Null for visitors without notifications (signed out, guests). */
  readonly memberId: number | null;
  /** Null until the server answered. */
  readonly unread: number | null;
  /** The bell's latest notifications; null until first loaded. */
  readonly latest: readonly NotificationItem[] | null;
  loadLatest(): Promise<void>;
  isRead(item: NotificationItem): boolean;
  /** Taken back since the page loaded: its sender withdrew what it told of (the page leaves it out). */
  isRemoved(item: NotificationItem): boolean;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
  /** Notifications pushed since the page loaded, newest first (the page shows them above its list). */
  readonly arrived: readonly NotificationItem[];
  /** Tells the hub the page shows these, so "mark all read" covers them. */
  see(items: readonly NotificationItem[]): void;
}

const NotificationsContext = createContext<NotificationsHub | null>(null);

export function NotificationsProvider({ types, children }: { types: readonly NotificationTypeView[]; children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const user = root?.currentUser;
  const memberId = user?.isMember ? user.id : null;
  const http = useHttpClient();
  const [unread, setUnread] = useState<number | null>(null);
  const [latest, setLatest] = useState<readonly NotificationItem[] | null>(null);
  const [arrived, setArrived] = useState<readonly NotificationItem[]>([]);
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(() => new Set());
  const [removedIds, setRemovedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [allReadUpTo, setAllReadUpTo] = useState(0);
  // The highest id this page has seen: "mark all read" covers everything up to it.
  const highestSeen = useRef(0);
  const see = useCallback((items: readonly NotificationItem[]) => {
    for (const item of items) highestSeen.current = Math.max(highestSeen.current, item.id);
  }, []);

  const refreshCount = useCallback(async () => {
    try {
      setUnread((await http.request<UnreadCount>("GET", "/callback/notifications/unread", { quiet: true })).unread);
    } catch {
      // The count stays as it was; the next (re)subscription asks again.
    }
  }, [http]);

  useRoomEvents(
    memberId === null ? null : memberRoom(memberId),
    (event) => {
      const added = eventPayload(notificationAddedEvent, event);
      if (added) {
        see([added.notification]);
        setUnread(added.unread);
        setArrived((items) => [added.notification, ...items.filter((item) => item.id !== added.notification.id)]);
        setLatest((items) => (items ? [added.notification, ...items.filter((item) => item.id !== added.notification.id)].slice(0, BELL_PANEL_SIZE) : items));
        return;
      }
      const read = eventPayload(notificationsReadEvent, event);
      if (read) {
        setUnread(read.unread);
        if (read.ids === null) setAllReadUpTo(highestSeen.current);
        else setReadIds((ids) => new Set([...ids, ...(read.ids ?? [])]));
        return;
      }
      const removed = eventPayload(notificationsRemovedEvent, event);
      if (removed) {
        const gone = new Set(removed.ids);
        setUnread(removed.unread);
        setRemovedIds((ids) => new Set([...ids, ...gone]));
        setArrived((items) => items.filter((item) => !gone.has(item.id)));
        setLatest((items) => (items ? items.filter((item) => !gone.has(item.id)) : items));
      }
    },
    { onSubscribed: () => void refreshCount() },
  );

  const hub = useMemo<NotificationsHub>(
    () => ({
      types,
      memberId,
      unread,
      latest,
      arrived,
      see,
      async loadLatest() {
        const page = await http.request<NotificationList>("GET", "/callback/notifications", { query: { limit: BELL_PANEL_SIZE }, quiet: true });
        see(page.notifications);
        setLatest(page.notifications);
        setUnread(page.unread);
      },
      isRead: (item) => item.read || readIds.has(item.id) || item.id <= allReadUpTo,
      isRemoved: (item) => removedIds.has(item.id),
      async markRead(id) {
        setReadIds((ids) => new Set([...ids, id]));
        setUnread((await http.post<UnreadCount>(`/callback/notifications/${id}/read`)).unread);
      },
      async markAllRead() {
        setAllReadUpTo(highestSeen.current);
        setUnread((await http.post<UnreadCount>("/callback/notifications/read-all")).unread);
      },
    }),
    [types, memberId, unread, latest, arrived, readIds, removedIds, allReadUpTo, http, see],
  );

  return <NotificationsContext value={hub}>{children}</NotificationsContext>;
}

export function useNotifications(): NotificationsHub {
  const hub = useContext(NotificationsContext);
  if (!hub) throw new Error("useNotifications needs the NotificationsProvider (a shell layer) above it");
  return hub;
}

/** Records that the page shows these notifications, so "mark all read" covers them. */
export function useSeenNotifications(items: readonly NotificationItem[]): void {
  const hub = useContext(NotificationsContext);
  hub?.see(items);
}
