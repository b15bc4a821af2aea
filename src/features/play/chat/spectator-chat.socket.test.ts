import { describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { spectatorChatRoom } from "./game-chat.events.ts";
import type { ChatHistory } from "./game-chat.schema.ts";
import { chatEventsSoFar, chatSuite, command, nextEvent, startLiveGame, subscribe, valueOf } from "./game-chat.test-kit.server.ts";

/**
 * The spectators' chat is closed to the game's players while it runs, however
 * they connect (issue 19 item 4, decision 0041): each way in, over real
 * sockets. A player's socket opened without cookies is an anonymous socket to
 * the server, so every anonymous socket waits for the end too.
 */
describe.each(databaseTargets())("the spectators' chat during and after a game on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const chat = chatSuite(() => suite.current);
  const { socketOf } = chat;

  async function expectRoomRefused(socket: TestSocket, room: string): Promise<void> {
    socket.send({ type: "subscribe", data: { room } });
    expect((await socket.next("error")).data).toMatchObject({ code: "forbidden", room });
  }

  const history = (socket: TestSocket, gameId: number) => command(socket, "game.chat.history", { gameId, channel: "spectators" });
  const say = (socket: TestSocket, gameId: number, text: string) => command(socket, "game.chat.send", { gameId, channel: "spectators", text });

  /** Alice and Bob in a live game; Carla and the moderator watching, signed in; a socket of Alice's without cookies. */
  async function gameInProgress() {
    const [aliceSocket, bobSocket, carlaSocket, moderatorSocket] = await Promise.all([socketOf(chat.alice), socketOf(chat.bob), socketOf(chat.carla), socketOf(chat.moderator)]);
    // Alice's second tab, opened without cookies: to the server, any visitor.
    const aliceWithoutCookies = await socketOf(null);
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");
    return { aliceSocket, bobSocket, carlaSocket, moderatorSocket, aliceWithoutCookies, gameId, room: spectatorChatRoom(gameId) };
  }

  it("the room refuses the players, signed in or without cookies, and every anonymous socket during the game; signed-in non-players join, and nothing reaches the refused", async () => {
    const { aliceSocket, bobSocket, carlaSocket, moderatorSocket, aliceWithoutCookies, gameId, room } = await gameInProgress();
    const visitor = await socketOf(null);
    for (const refused of [aliceSocket, bobSocket, aliceWithoutCookies, visitor]) await expectRoomRefused(refused, room);
    await subscribe(carlaSocket, room);
    await subscribe(moderatorSocket, room);

    valueOf(await say(carlaSocket, gameId, "black should play Nf6"));
    expect((await nextEvent(moderatorSocket, "game.chat")).payload).toMatchObject({ author: "carla", text: "black should play Nf6", channel: "spectators" });
    expect((await nextEvent(carlaSocket, "game.chat")).room).toBe(room);
    for (const refused of [aliceSocket, bobSocket, aliceWithoutCookies, visitor]) expect(await chatEventsSoFar(refused)).toEqual([]);
    valueOf(await command(aliceSocket, "game.act", { gameId, action: "abort" }));
  });

  it("the history refuses the players and anonymous sockets during the game, and gives a signed-in non-player the lines", async () => {
    const { aliceSocket, bobSocket, carlaSocket, moderatorSocket, aliceWithoutCookies, gameId } = await gameInProgress();
    valueOf(await say(carlaSocket, gameId, "white is winning"));
    expect(await history(aliceSocket, gameId)).toEqual({ ok: false, code: "not_a_spectator" });
    expect(await history(bobSocket, gameId)).toEqual({ ok: false, code: "not_a_spectator" });
    expect(await history(aliceWithoutCookies, gameId)).toEqual({ ok: false, code: "sign_in_required" });
    expect(valueOf<ChatHistory>(await history(moderatorSocket, gameId)).lines.map((line) => line.text)).toEqual(["white is winning"]);
    valueOf(await command(aliceSocket, "game.act", { gameId, action: "abort" }));
  });

  it("only signed-in non-players post during the game: the players are not spectators, an anonymous socket may not post at all", async () => {
    const { aliceSocket, bobSocket, carlaSocket, moderatorSocket, aliceWithoutCookies, gameId } = await gameInProgress();
    expect(await say(aliceSocket, gameId, "I am watching you")).toEqual({ ok: false, code: "not_a_spectator" });
    expect(await say(bobSocket, gameId, "me too")).toEqual({ ok: false, code: "not_a_spectator" });
    expect(await say(aliceWithoutCookies, gameId, "psst")).toEqual({ ok: false, code: "forbidden" });
    valueOf(await say(carlaSocket, gameId, "hello"));
    expect(valueOf<ChatHistory>(await history(moderatorSocket, gameId)).lines.map((line) => [line.author, line.text])).toEqual([["carla", "hello"]]);
    valueOf(await command(aliceSocket, "game.act", { gameId, action: "abort" }));
  });

  it("opens the room, the history and the line to the players when the game ends, and reading to anonymous sockets", async () => {
    const { aliceSocket, bobSocket, carlaSocket, aliceWithoutCookies, gameId, room } = await gameInProgress();
    await subscribe(carlaSocket, room);
    valueOf(await say(carlaSocket, gameId, "black should play Nf6"));
    expect((await nextEvent(carlaSocket, "game.chat")).payload).toMatchObject({ text: "black should play Nf6" });
    valueOf(await command(aliceSocket, "game.move", { gameId, ply: 0, uci: "e2e4" }));
    valueOf(await command(bobSocket, "game.act", { gameId, action: "resign" }));

    await subscribe(aliceSocket, room);
    await subscribe(aliceWithoutCookies, room);
    expect(valueOf<ChatHistory>(await history(aliceSocket, gameId)).lines.map((line) => line.text)).toEqual(["black should play Nf6"]);
    expect(valueOf<ChatHistory>(await history(aliceWithoutCookies, gameId)).lines.map((line) => line.text)).toEqual(["black should play Nf6"]);
    valueOf(await say(bobSocket, gameId, "I did not see it"));
    for (const reader of [aliceWithoutCookies, aliceSocket, carlaSocket]) {
      expect((await nextEvent(reader, "game.chat")).payload).toMatchObject({ author: "bob", text: "I did not see it", channel: "spectators" });
    }
    expect(await say(aliceWithoutCookies, gameId, "still anonymous")).toEqual({ ok: false, code: "forbidden" });
  });
});
