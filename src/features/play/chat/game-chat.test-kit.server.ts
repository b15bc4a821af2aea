/**
 * Helpers for chat and watching tests over real sockets: commands answered,
 * a game started by a challenge, events of one type collected.
 */
import { afterEach, beforeAll } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import type { RunningApp } from "../../../test/start-app.ts";
import { openSocket, signIn, type SignedIn } from "../../presence/presence.test-kit.server.ts";
import { command, subscribe, valueOf } from "../../chat/chat.test-kit.server.ts";

export { command, nextEvent, subscribe, valueOf, type CommandAnswer } from "../../chat/chat.test-kit.server.ts";

/** The challenger challenges the opponent to a casual 5+0 game, which the opponent's socket accepts; answers the game id. */
export async function startLiveGame(challenger: TestSocket, opponentSocket: TestSocket, opponent: string): Promise<number> {
  const challenge = valueOf<{ id: number }>(
    await command(challenger, "challenge.create", { opponent, terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" } }),
  );
  return valueOf<{ gameId: number }>(await command(opponentSocket, "challenge.accept", { id: challenge.id })).gameId;
}

export interface ChatSuite {
  readonly app: RunningApp;
  /** Two players-to-be, a third member and a moderator (the demo's), signed in once for the suite. */
  readonly alice: SignedIn;
  readonly bob: SignedIn;
  readonly carla: SignedIn;
  readonly moderator: SignedIn;
  /** A socket of the member (in their own room), or an anonymous one; closed after each test. */
  socketOf(member: SignedIn | null): Promise<TestSocket>;
}

/** The members and sockets a chat suite uses, for the app `current` gives (call inside the describe block). */
export function chatSuite(current: () => RunningApp): ChatSuite {
  let signedIn: { app: RunningApp; alice: SignedIn; bob: SignedIn; carla: SignedIn; moderator: SignedIn } | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const app = current();
    const [alice, bob, carla, moderator] = await Promise.all([signIn(app, "alice"), signIn(app, "bob"), signIn(app, "carla"), signIn(app, "moderator")]);
    signedIn = { app, alice, bob, carla, moderator };
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const ready = () => {
    if (!signedIn) throw new Error("the chat suite's members are signed in before its tests");
    return signedIn;
  };
  return {
    get app() {
      return ready().app;
    },
    get alice() {
      return ready().alice;
    },
    get bob() {
      return ready().bob;
    },
    get carla() {
      return ready().carla;
    },
    get moderator() {
      return ready().moderator;
    },
    async socketOf(member) {
      const socket = await openSocket(ready().app, member ? { cookie: member.cookie } : {});
      sockets.push(socket);
      if (member) await subscribe(socket, `user:${member.id}`);
      return socket;
    },
  };
}

/** The chat events of this socket received so far (after a round trip), taken off the queue. */
export async function chatEventsSoFar(socket: TestSocket): Promise<Array<{ room: string; text: string; channel: string }>> {
  const events = await socket.eventsSoFar((event) => event.type === "game.chat");
  return events.map((event) => {
    const payload = event.payload as { text: string; channel: string };
    return { room: event.room, text: payload.text, channel: payload.channel };
  });
}
