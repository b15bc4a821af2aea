import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { pageSocketClient } from "./page-socket.ts";
import type { RoomName } from "./protocol.ts";
import type { RealtimeEventHandler, SocketClient, SubscribeOptions } from "./socket-client.ts";

/**
 * Room subscriptions for React: the shell provides the page's socket (see
 * page-socket.ts; it opens on the first subscription, so a page nobody
 * listens on opens no socket), and components listen with useRoomEvents.
 * The socket client re-subscribes every room after a reconnect.
 */
export type SocketHub = Pick<SocketClient, "subscribe">;

const pageSocketHub: SocketHub = {
  subscribe: (room, handler, options) => pageSocketClient().subscribe(room, handler, options),
};

const SocketContext = createContext<SocketHub | null>(null);

export function SocketProvider({ children, hub = pageSocketHub }: { children: ReactNode; hub?: SocketHub }) {
  return <SocketContext value={hub}>{children}</SocketContext>;
}

/**
 * Listens to a room while the component is mounted (null: to none). The
 * handler may change between renders without re-subscribing. Without a
 * SocketProvider it does nothing. `refetch` (for versioned streams) is
 * called after a reconnect and on a version gap, as the socket client says.
 */
export function useRoomEvents(room: RoomName | null, handler: RealtimeEventHandler, options: SubscribeOptions = {}): void {
  const hub = useContext(SocketContext);
  const handlerRef = useRef(handler);
  const onSubscribedRef = useRef(options.onSubscribed);
  const refetchRef = useRef(options.refetch);
  useEffect(() => {
    handlerRef.current = handler;
    onSubscribedRef.current = options.onSubscribed;
    refetchRef.current = options.refetch;
  });
  useEffect(() => {
    if (!hub || !room) return;
    return hub.subscribe(room, (event) => handlerRef.current(event), {
      onSubscribed: () => onSubscribedRef.current?.(),
      refetch: () => refetchRef.current?.(),
    });
  }, [hub, room]);
}
