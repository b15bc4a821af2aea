import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { RealtimeEvent } from "../../../platform/realtime/protocol.ts";
import type { RealtimeEventHandler } from "../../../platform/realtime/socket-client.ts";
import { fakeCommands, type ScriptedAnswers } from "../../../platform/realtime/socket-fakes.fixture.ts";
import type { SocketHub } from "../../../platform/realtime/socket-provider.tsx";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import { fail, ok } from "../../../shared/result.ts";
import { chatComposerModule, GameChat } from "./game-chat.tsx";
import type { ChatLine } from "./game-chat.schema.ts";
import en from "./messages/en.json";
import profileEn from "../../members/profile/messages/en.json";

const messages = { ...en, ...profileEn };

/** A socket that answers commands from a script and lets the test push room events. */
function fakeSocket(answers: ScriptedAnswers) {
  const handlers = new Map<string, RealtimeEventHandler>();
  const { command, calls: sent } = fakeCommands(answers);
  const socket: SocketHub = {
    command,
    subscribe(room, handler, options) {
      handlers.set(room, handler);
      queueMicrotask(() => options?.onSubscribed?.());
      return () => handlers.delete(room);
    },
  };
  return {
    socket,
    sent,
    rooms: () => [...handlers.keys()],
    push(room: string, payload: ChatLine) {
      const event: RealtimeEvent = { room, type: "game.chat", payload };
      act(() => handlers.get(room)?.(event));
    },
  };
}

const line = (id: number, authorId: number, author: string, text: string, channel: ChatLine["channel"] = "spectators"): ChatLine => ({
  id,
  gameId: 7,
  channel,
  authorId,
  author,
  authorFlair: null,
  text,
  at: "2026-11-25T12:00:00.000Z",
});

describe("GameChat", () => {
  // The composer is its own chunk (a visitor never loads it); loaded, it renders at once.
  beforeAll(() => chatComposerModule.ready());

  it("loads the history into a log region, drops live lines of silenced members, and sends on Enter", async () => {
    const fake = fakeSocket({
      "game.chat.history": () => ok({ lines: [{ ...line(1, 5, "carla", "nice game"), authorFlair: "knight" }], silencedIds: [9] }),
      "game.chat.send": (input) => ok(line(3, 4, "dora", input.text)),
    });
    renderWithIntl(<GameChat gameId={7} role="spectator" viewerId={4} socket={fake.socket} />, { messages });
    const log = screen.getByRole("log", { name: "Chat messages" });
    await waitFor(() => expect(log.textContent).toContain("nice game"));
    expect(fake.rooms()).toEqual(["game-chat:7"]);
    // The author's flair is a named picture beside the name.
    expect(screen.getByRole("img", { name: "Flair: knight" }).getAttribute("src")).toBe("/flair/knight.svg");

    fake.push("game-chat:7", line(2, 9, "troll", "muted words"));
    fake.push("game-chat:7", line(4, 6, "erik", "hello <b>all</b>"));
    expect(log.textContent).not.toContain("muted words");
    expect(screen.getByText("hello <b>all</b>")).toBeTruthy();

    const input = screen.getByLabelText("Message");
    fireEvent.change(input, { target: { value: "  my   move " } });
    expect(screen.getByText(`${140 - "my move".length} characters left`)).toBeTruthy();
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    await waitFor(() => expect(log.textContent).toContain("my move"));
    expect(fake.sent.at(-1)).toEqual({ name: "game.chat.send", input: { gameId: 7, channel: "spectators", text: "my move" } });
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("shows the counter over the limit, refuses to send, and explains a server refusal", async () => {
    const fake = fakeSocket({
      "game.chat.history": () => ok({ lines: [], silencedIds: [] }),
      "game.chat.send": () => fail("chat.rate_limited"),
    });
    renderWithIntl(<GameChat gameId={7} role="white" viewerId={4} socket={fake.socket} />, { messages });
    expect(screen.getByRole("heading", { name: "Chat with your opponent" })).toBeTruthy();
    await waitFor(() => expect(fake.rooms()).toEqual(["user:4"]));
    const input = screen.getByLabelText("Message");
    fireEvent.change(input, { target: { value: "x".repeat(141) } });
    expect(screen.getByText("1 character too many")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Send" }).disabled).toBe(true);

    fireEvent.change(input, { target: { value: "hi" } });
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "You are sending messages too fast. Wait a few seconds.");
    expect((input as HTMLInputElement).value).toBe("hi");
    // A player line of another game on the member's own room is not this panel's.
    fake.push("user:4", { ...line(8, 5, "bob", "other game", "players"), gameId: 8 });
    expect(screen.getByRole("log").textContent).not.toContain("other game");
  });

  it("never asks for the spectators' chat for a player during the game, and opens it when the game ends", async () => {
    const fake = fakeSocket({ "game.chat.history": () => ok({ lines: [line(1, 5, "carla", "hi all")], silencedIds: [] }) });
    const { rerender } = renderWithIntl(<GameChat gameId={7} role="black" channel="spectators" viewerId={4} socket={fake.socket} />, { messages });
    expect(screen.getByText("Players do not see the spectator chat until the game ends.")).toBeTruthy();
    // Nothing the server would refuse (no subscription, no history), so no refusal to show.
    await act(() => Promise.resolve());
    expect(fake.rooms()).toEqual([]);
    expect(fake.sent).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();

    rerender(<GameChat gameId={7} role="black" channel="spectators" viewerId={4} gameOver socket={fake.socket} />);
    await waitFor(() => expect(screen.getByRole("log").textContent).toContain("hi all"));
    expect(fake.rooms()).toEqual(["game-chat:7"]);
    expect(screen.getByLabelText("Message")).toBeTruthy();
  });

  it("keeps a visitor out of the spectators' chat during the game (anonymous sockets are refused), then lets them read without writing", async () => {
    const fake = fakeSocket({ "game.chat.history": () => ok({ lines: [line(1, 5, "carla", "hi all")], silencedIds: [] }) });
    const { rerender } = renderWithIntl(<GameChat gameId={7} role="spectator" viewerId={null} socket={fake.socket} />, { messages });
    expect(screen.getByText("Sign in to read the spectator chat during the game. Everyone can read it once the game ends.")).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.rooms()).toEqual([]);
    expect(fake.sent).toEqual([]);
    expect(screen.queryByLabelText("Message")).toBeNull();

    rerender(<GameChat gameId={7} role="spectator" viewerId={null} gameOver socket={fake.socket} />);
    await waitFor(() => expect(screen.getByRole("log").textContent).toContain("hi all"));
    expect(fake.rooms()).toEqual(["game-chat:7"]);
    expect(screen.queryByLabelText("Message")).toBeNull();
    expect(screen.getByText("Sign in to chat.")).toBeTruthy();
  });
});
