/**
 * What game chat's and club chat's socket tests share: commands answered
 * (any name and input, so refusals can be tested), rooms joined, events of
 * one type waited for. Built on the platform's TestSocket.
 */
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import type { RealtimeEvent } from "../../platform/realtime/protocol.ts";

export { command, subscribe, valueOf, type CommandAnswer } from "../../platform/realtime/test-kit.server.ts";

/** Waits for the next event of this type (others stay queued). */
export function nextEvent(socket: TestSocket, type: string, timeoutMs = 10_000): Promise<RealtimeEvent> {
  return socket.nextEvent(type, timeoutMs);
}
