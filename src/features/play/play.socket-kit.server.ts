/**
 * Drives play's socket commands from integration tests: a command with its
 * request id, answered by an ack or a refusal code.
 */
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";

export type CommandAnswer = { ok: true; result: unknown } | { ok: false; code: string };

let nextRequest = 0;

/** Sends a command and waits for its answer (ack or refusal). */
export async function command(socket: TestSocket, name: string, input: unknown): Promise<CommandAnswer> {
  const id = `r${(nextRequest += 1)}`;
  socket.send({ type: "command", data: { id, name, input } });
  const answer = await socket.answerTo(id, 10_000);
  return answer.type === "ack" ? { ok: true, result: answer.data.result } : { ok: false, code: answer.data.code };
}

/** The ack's value; a refusal fails the test with its code. */
export function valueOf<T>(answer: CommandAnswer): T {
  if (!answer.ok) throw new Error(`refused: ${answer.code}`);
  return answer.result as T;
}

/** Joins a room and waits for the server's confirmation. */
export async function join(socket: TestSocket, room: string): Promise<void> {
  socket.send({ type: "subscribe", data: { room } });
  await socket.next("subscribed");
}

/** Takes events until one of this type arrives (others are dropped); returns its payload. */
export async function nextEvent(socket: TestSocket, type: string, timeoutMs = 10_000): Promise<unknown> {
  for (;;) {
    const event = await socket.next("event", timeoutMs);
    if (event.data.type === type) return event.data.payload;
  }
}
