import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/accounts.tables.server.ts";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { waitForPresence } from "../../presence/presence.test-kit.server.ts";
import { gameRoom } from "../play.events.ts";
import { spectatorChatRoom } from "./game-chat.events.ts";
import { CHAT_MAX_CHARACTERS, type ChatHistory, type ChatLine } from "./game-chat.schema.ts";
import { chatEventsSoFar, chatSuite, command, nextEvent, startLiveGame, subscribe, valueOf } from "./game-chat.test-kit.server.ts";

/**
 * Watching and talking through the real server (issue 9 item 6): chat on
 * both channels over real sockets, its refusals, mutes and blocks, and
 * presence's "playing" with the Watch link while a live game is on.
 */
describe.each(databaseTargets())("game chat and watching on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const chat = chatSuite(() => suite.current);
  const { socketOf } = chat;

  const say = (socket: TestSocket, gameId: number, channel: string, text: string) => command(socket, "game.chat.send", { gameId, channel, text });

  it("delivers player lines to the two players only, and spectator lines to watchers only; players may not watch spectator chat during the game", async () => {
    const [aliceSocket, bobSocket, carlaSocket, watcher] = [await socketOf(chat.alice), await socketOf(chat.bob), await socketOf(chat.carla), await socketOf(chat.moderator)];
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");
    await subscribe(carlaSocket, gameRoom(gameId));
    await subscribe(carlaSocket, spectatorChatRoom(gameId));
    await subscribe(watcher, spectatorChatRoom(gameId));
    // A player of a game in progress is refused the spectators' room (every way in: spectator-chat.socket.test.ts).
    aliceSocket.send({ type: "subscribe", data: { room: spectatorChatRoom(gameId) } });
    expect((await aliceSocket.next("error")).data).toMatchObject({ code: "forbidden", room: spectatorChatRoom(gameId) });

    const line = valueOf<ChatLine>(await say(aliceSocket, gameId, "players", "  good\u202e luck\n\thave fun  "));
    expect(line).toMatchObject({ gameId, channel: "players", author: "alice", authorId: chat.alice.id, text: "good luck have fun" });
    expect((await nextEvent(bobSocket, "game.chat")).payload).toMatchObject({ text: "good luck have fun", channel: "players", author: "alice" });
    expect((await nextEvent(aliceSocket, "game.chat")).payload).toMatchObject({ id: line.id });

    valueOf(await say(carlaSocket, gameId, "spectators", "what an opening <script>alert(1)</script>"));
    expect((await nextEvent(watcher, "game.chat")).payload).toMatchObject({ channel: "spectators", author: "carla", text: "what an opening <script>alert(1)</script>" });
    expect((await nextEvent(carlaSocket, "game.chat")).room).toBe(spectatorChatRoom(gameId));
    // The spectator saw no player line; the players no spectator line.
    expect((await chatEventsSoFar(carlaSocket)).filter((event) => event.channel === "players")).toEqual([]);
    valueOf(await say(bobSocket, gameId, "players", "thanks"));
    await nextEvent(aliceSocket, "game.chat");
    expect(await chatEventsSoFar(aliceSocket)).toEqual([]);

    // History when a page opens: each channel to its readers.
    const players = valueOf<ChatHistory>(await command(bobSocket, "game.chat.history", { gameId, channel: "players" }));
    expect(players.lines.map((entry) => [entry.author, entry.text])).toEqual([
      ["alice", "good luck have fun"],
      ["bob", "thanks"],
    ]);
    const spectators = valueOf<ChatHistory>(await command(watcher, "game.chat.history", { gameId, channel: "spectators" }));
    expect(spectators.lines.map((entry) => entry.text)).toEqual(["what an opening <script>alert(1)</script>"]);
    expect(await command(watcher, "game.chat.history", { gameId, channel: "players" })).toEqual({ ok: false, code: "not_a_player" });
    expect(await command(aliceSocket, "game.chat.history", { gameId, channel: "spectators" })).toEqual({ ok: false, code: "not_a_spectator" });

    // After the end the players may read and join the spectators' chat.
    valueOf(await command(bobSocket, "game.act", { gameId, action: "abort" }));
    expect(valueOf<ChatHistory>(await command(aliceSocket, "game.chat.history", { gameId, channel: "spectators" })).lines).toHaveLength(1);
    await subscribe(aliceSocket, spectatorChatRoom(gameId));
  });

  it("shows the flair each author shows beside their name, live and in the history, and none for a member without one", async () => {
    const db = chat.app.kingside.database.db;
    await db.update(users).set({ flairCode: "knight", flairStatus: "active" }).where(eq(users.id, chat.carla.id));
    await db.update(users).set({ flairCode: "nothing" }).where(eq(users.id, chat.bob.id));
    const [aliceSocket, bobSocket, carlaSocket, watcher] = [await socketOf(chat.alice), await socketOf(chat.bob), await socketOf(chat.carla), await socketOf(chat.moderator)];
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");
    await subscribe(watcher, spectatorChatRoom(gameId));
    await subscribe(carlaSocket, spectatorChatRoom(gameId));
    expect(valueOf<ChatLine>(await say(carlaSocket, gameId, "spectators", "nice"))).toMatchObject({ author: "carla", authorFlair: "knight" });
    expect((await nextEvent(watcher, "game.chat")).payload).toMatchObject({ author: "carla", authorFlair: "knight" });
    valueOf(await say(bobSocket, gameId, "players", "hi"));
    expect((await nextEvent(aliceSocket, "game.chat")).payload).toMatchObject({ author: "bob", authorFlair: null });
    const spectators = valueOf<ChatHistory>(await command(watcher, "game.chat.history", { gameId, channel: "spectators" }));
    expect(spectators.lines.map((entry) => [entry.author, entry.authorFlair])).toEqual([["carla", "knight"]]);
    // A hidden flair is shown to nobody.
    await db.update(users).set({ flairStatus: "hidden" }).where(eq(users.id, chat.carla.id));
    expect(valueOf<ChatHistory>(await command(watcher, "game.chat.history", { gameId, channel: "spectators" })).lines[0]?.authorFlair).toBeNull();
    await db.update(users).set({ flairStatus: "active" }).where(eq(users.id, chat.carla.id));
    valueOf(await command(bobSocket, "game.act", { gameId, action: "abort" }));
  });

  it("refuses lines from a non-player on the players' channel, a player on the spectators' channel, visitors, empty and oversized lines, unknown games, and a member past the rate", async () => {
    const [aliceSocket, bobSocket, moderatorSocket] = [await socketOf(chat.alice), await socketOf(chat.bob), await socketOf(chat.moderator)];
    const visitor = await socketOf(null);
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");

    expect(await say(moderatorSocket, gameId, "players", "hi")).toEqual({ ok: false, code: "not_a_player" });
    expect(await say(aliceSocket, gameId, "spectators", "hi")).toEqual({ ok: false, code: "not_a_spectator" });
    expect(await say(visitor, gameId, "spectators", "hi")).toEqual({ ok: false, code: "forbidden" });
    expect(await say(moderatorSocket, gameId, "spectators", " \u200e\n ")).toEqual({ ok: false, code: "chat.empty" });
    expect(await say(moderatorSocket, gameId, "spectators", "x".repeat(CHAT_MAX_CHARACTERS + 1))).toEqual({ ok: false, code: "chat.too_long" });
    expect(await say(moderatorSocket, 999_999_999, "spectators", "hi")).toEqual({ ok: false, code: "not_found" });
    expect(await say(moderatorSocket, gameId, "everyone", "hi")).toEqual({ ok: false, code: "invalid_input" });
    // Exactly the limit is fine; an emoji counts as one character.
    valueOf(await say(moderatorSocket, gameId, "spectators", `${"x".repeat(CHAT_MAX_CHARACTERS - 1)}♟️`.slice(0, CHAT_MAX_CHARACTERS)));
    for (let sent = 1; sent < 5; sent += 1) valueOf(await say(moderatorSocket, gameId, "spectators", `line ${sent}`));
    expect(await say(moderatorSocket, gameId, "spectators", "one too many")).toEqual({ ok: false, code: "chat.rate_limited" });
    const history = valueOf<ChatHistory>(await command(moderatorSocket, "game.chat.history", { gameId, channel: "spectators" }));
    expect(history.lines).toHaveLength(5);
    expect(history.lines.some((entry) => entry.text === "one too many")).toBe(false);
    valueOf(await command(aliceSocket, "game.act", { gameId, action: "abort" }));
  });

  it("never shows a member the lines of someone they muted or blocked", async () => {
    const [aliceSocket, bobSocket, moderatorSocket] = [await socketOf(chat.alice), await socketOf(chat.bob), await socketOf(chat.moderator)];
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");
    expect((await chat.bob.session.post("/callback/member/alice/mute-account")).status).toBe(200);
    expect((await chat.alice.session.post("/callback/member/bob/block")).status).toBe(200);
    expect((await chat.moderator.session.post("/callback/member/carla/mute-account")).status).toBe(200);
    try {
      valueOf(await say(aliceSocket, gameId, "players", "muted line"));
      expect((await nextEvent(aliceSocket, "game.chat")).payload).toMatchObject({ text: "muted line" });
      // Bob's own line reaches him; alice's muted line never came before it. Alice, who blocked bob, never gets his.
      valueOf(await say(bobSocket, gameId, "players", "blocked line"));
      expect((await nextEvent(bobSocket, "game.chat")).payload).toMatchObject({ text: "blocked line" });
      expect(await chatEventsSoFar(bobSocket)).toEqual([]);
      valueOf(await say(aliceSocket, gameId, "players", "alice again"));
      expect((await nextEvent(aliceSocket, "game.chat")).payload).toMatchObject({ text: "alice again" });
      expect(await chatEventsSoFar(aliceSocket)).toEqual([]);

      const bobHistory = valueOf<ChatHistory>(await command(bobSocket, "game.chat.history", { gameId, channel: "players" }));
      expect(bobHistory.lines.map((entry) => entry.text)).toEqual(["blocked line"]);
      expect(bobHistory.silencedIds).toContain(chat.alice.id);
      const aliceHistory = valueOf<ChatHistory>(await command(aliceSocket, "game.chat.history", { gameId, channel: "players" }));
      expect(aliceHistory.lines.map((entry) => entry.text)).toEqual(["muted line", "alice again"]);
      expect(aliceHistory.silencedIds).toContain(chat.bob.id);

      const carlaSocket = await socketOf(chat.carla);
      valueOf(await say(carlaSocket, gameId, "spectators", "from the muted one"));
      const moderatorHistory = valueOf<ChatHistory>(await command(moderatorSocket, "game.chat.history", { gameId, channel: "spectators" }));
      expect(moderatorHistory.lines).toEqual([]);
      // Live spectator lines are hidden by the panel with these ids (a room event goes to every watcher alike).
      expect(moderatorHistory.silencedIds).toContain(chat.carla.id);
    } finally {
      await chat.bob.session.post("/callback/member/alice/unmute-account");
      await chat.alice.session.post("/callback/member/bob/unblock");
      await chat.moderator.session.post("/callback/member/carla/unmute-account");
      await command(aliceSocket, "game.act", { gameId, action: "abort" });
    }
  });

  it("shows a player as playing with the Watch link while a live game is on, and not after it ended", async () => {
    const [aliceSocket, bobSocket] = [await socketOf(chat.alice), await socketOf(chat.bob)];
    const watcher = await socketOf(null);
    await subscribe(watcher, `presence:${chat.alice.id}`);
    await waitForPresence(chat.app, chat.alice.id, (presence) => presence.status === "online" && presence.activity === "none");
    const gameId = await startLiveGame(aliceSocket, bobSocket, "bob");
    const playing = await waitForPresence(chat.app, chat.alice.id, (presence) => presence.activity === "playing");
    expect(playing.activityContext.games).toEqual([{ source: "live", id: String(gameId), numericId: gameId }]);
    // The change is announced to watchers of the member's presence room.
    for (;;) {
      const event = await nextEvent(watcher, "presence.changed");
      if ((event.payload as { activity: string }).activity === "playing") break;
    }
    valueOf(await command(aliceSocket, "game.act", { gameId, action: "abort" }));
    const after = await waitForPresence(chat.app, chat.alice.id, (presence) => presence.activity === "none");
    expect(after).toMatchObject({ status: "online", activityContext: { games: [] } });
    for (;;) {
      const event = await nextEvent(watcher, "presence.changed");
      if ((event.payload as { activity: string }).activity === "none") break;
    }
  });
});
