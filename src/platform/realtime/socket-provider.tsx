import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { pageSocketClient } from "./page-socket.ts";
import type { RoomName } from "./protocol.ts";
import type { ConnectionState, RealtimeEventHandler, SocketClient, SubscribeOptions } from "./socket-client.ts";

/**
 * The page's socket for React: the shell provides it (see page-socket.ts; it
 * opens on first use, so a page nobody listens on opens no socket),
 * components listen with useRoomEvents and call commands with
 * useSocketCommand (typed by the registered commands, socket-commands.ts).
 * Tests provide a fake. The socket client re-subscribes every room after a
 * reconnect. A page that must say when it is cut off reads useSocketConnection
 * (a hub without `connection` is always up).
 */
export type SocketHub = Pick<SocketClient, "subscribe" | "command"> & Partial<Pick<SocketClient, "connection" | "watchConnection">>;

const pageSocketHub: SocketHub = {
  subscribe: (room, handler, options) => pageSocketClient().subscribe(room, handler, options),
  command: (name, input) => pageSocketClient().command(name, input),
  get connection() {
    return pageSocketClient().connection;
  },
  watchConnection: (listener) => pageSocketClient().watchConnection(listener),
};

const serverConnection = (): ConnectionState => "up";

const SocketContext = createContext<SocketHub | null>(null);

export function SocketProvider({ children, hub = pageSocketHub }: { children: ReactNode; hub?: SocketHub }) {
  return <SocketContext value={hub}>{children}</SocketContext>;
}

/** The one way a component calls a socket command: the provided socket's, or the page's without a provider. */
export function useSocketCommand(): SocketHub["command"] {
  return (useContext(SocketContext) ?? pageSocketHub).command;
}

/** Whether the provided socket is up or down (server rendering and no provider: up). */
export function useSocketConnection(): ConnectionState {
  const hub = useContext(SocketContext);
  const watch = useCallback((listener: () => void) => hub?.watchConnection?.(listener) ?? (() => {}), [hub]);
  return useSyncExternalStore(watch, () => hub?.connection ?? "up", serverConnection);
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
