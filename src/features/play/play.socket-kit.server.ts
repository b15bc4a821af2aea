/**
 * Drives play's socket commands from integration tests: a command with its
 * request id, answered by an ack or a refusal code (the platform's test kit).
 */
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";

export { command, subscribe as join, valueOf, type CommandAnswer } from "../../platform/realtime/test-kit.server.ts";

/** Takes events until one of this type arrives (others are dropped); returns its payload. */
export async function nextEvent(socket: TestSocket, type: string, timeoutMs = 10_000): Promise<unknown> {
  for (;;) {
    const event = await socket.next("event", timeoutMs);
    if (event.data.type === type) return event.data.payload;
  }
}
