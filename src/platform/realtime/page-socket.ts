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
  if (pageSocket) return pageSocket;
  const client = createSocketClient({ url: socketUrlFor(window.location) });
  // The browser knows before any timer that the network is back or that the page is looked at again.
  window.addEventListener("online", () => client.reconnectNow());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") client.reconnectNow();
  });
  pageSocket = client;
  return client;
}
