import { createSocketClient, type SocketClient } from "./socket-client.ts";

/** ws://host/ws or wss://host/ws for this page. */
export function socketUrlFor(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

let pageSocket: SocketClient | null = null;

/**
 * The page's one socket to /ws, opened on first use and kept for the life of
 * the page (browser only). Every feature that listens to rooms shares it:
 * through SocketProvider/useRoomEvents, or by calling this directly.
 */
export function pageSocketClient(): SocketClient {
  pageSocket ??= createSocketClient({ url: socketUrlFor(window.location) });
  return pageSocket;
}
