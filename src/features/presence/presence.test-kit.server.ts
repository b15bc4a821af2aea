/**
 * Helpers for presence's integration tests: a signed-in demo member, and
 * sockets opened with their session cookie (and any Origin).
 */
import { eq } from "drizzle-orm";
import { WebSocket } from "ws";
import { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { HttpSession } from "../../test/http-session.ts";
import type { RunningApp } from "../../test/start-app.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { presenceResponseSchema, type Presence } from "./presence.schema.ts";

export const demoPassword = "kingside-demo";

export interface SignedIn {
  readonly id: number;
  readonly session: HttpSession;
  /** The Cookie header a browser would send with its socket. */
  readonly cookie: string;
}

export async function memberId(app: RunningApp, username: string): Promise<number> {
  const [row] = await app.kingside.database.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

export async function signIn(app: RunningApp, username: string): Promise<SignedIn> {
  const session = new HttpSession(app.baseUrl);
  const response = await session.signIn(username, demoPassword);
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status}`);
  const cookie = [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  return { id: await memberId(app, username), session, cookie };
}

export function socketUrl(app: RunningApp): string {
  return `${app.baseUrl.replace(/^http/, "ws")}/ws`;
}

export async function openSocket(app: RunningApp, headers: Record<string, string> = {}): Promise<TestSocket> {
  const socket = await TestSocket.open(socketUrl(app), { headers });
  await socket.next("hello");
  return socket;
}

/** The HTTP status that answers an upgrade: 101 when the socket opened. */
export function upgradeStatus(app: RunningApp, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(app), { headers });
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("error", (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

/** Member ids no test creates: one appended makes an ask no other made, so the route's kept answers (a second, decision 0067) do not apply. */
let unknownId = 2_000_000_000;

export async function presenceThrough(app: RunningApp, ids: readonly number[], options: { readonly fresh?: boolean } = {}): Promise<Presence[]> {
  const asked = options.fresh ? [...ids, unknownId--] : ids;
  const response = await fetch(`${app.baseUrl}/callback/presence?ids=${asked.join(",")}`);
  if (response.status !== 200) throw new Error(`presence answered ${response.status}`);
  return presenceResponseSchema.parse(await response.json()).presence;
}

/** Polls until the member's presence satisfies `wanted`; returns it. */
export async function waitForPresence(app: RunningApp, id: number, wanted: (presence: Presence) => boolean, timeoutMs = 10_000): Promise<Presence> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Afresh: a kept answer could show a change a second late, and a test goes on as soon as it sees it.
    const [presence] = await presenceThrough(app, [id], { fresh: true });
    if (presence && wanted(presence)) return presence;
    if (Date.now() >= deadline) throw new Error(`presence of ${id} is still ${JSON.stringify(presence)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
