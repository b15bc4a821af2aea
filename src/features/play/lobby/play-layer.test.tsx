import { act, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { roomName, type RealtimeEvent, type RoomName } from "../../../platform/realtime/protocol.ts";
import { fakeCommands } from "../../../platform/realtime/socket-fakes.fixture.ts";
import { ok } from "../../../shared/result.ts";
import { sampleGameView } from "../game-page/game-view.fixture.ts";
import { SocketProvider, type SocketHub } from "../../../platform/realtime/socket-provider.tsx";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import uiMessages from "../../../ui/messages/en.json";
import type { ChallengeView, CurrentGameView } from "../play.schema.ts";
import { CurrentGamesItem } from "./current-games-item.tsx";
import lobbyMessages from "./messages/en.json";
import { PlayNotices } from "./play-layer.tsx";
import { PlayLiveProvider } from "./play-live.tsx";

const messages = { ...uiMessages, ...lobbyMessages };
const ME = 7;

const challengeFromBob: ChallengeView = {
  id: 41,
  challenger: "bob",
  challenged: "alice",
  terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: true, color: "white" },
  status: "open",
  gameId: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  expiresAt: "2026-11-25T12:20:00.000Z",
};
const dailyGame: CurrentGameView = { id: 1200, speed: "daily", rules: "standard", opponent: "carla", color: "black", yourMove: true, deadlineAt: "2026-11-28T12:00:00.000Z" };
const liveGame: CurrentGameView = { id: 1300, speed: "live", rules: "chess960", opponent: "bob", color: "white", yourMove: false, deadlineAt: null };

/** A fake server: the member's room (events pushed by the test) and the commands' answers (as play.commands.server.ts gives them), each call recorded. */
function fakeServer(answers: { currentGames: CurrentGameView[][]; challenges: ChallengeView[] }) {
  const handlers = new Map<RoomName, (event: RealtimeEvent) => void>();
  const { command, calls } = fakeCommands({
    "games.current": () => ok(answers.currentGames.shift() ?? []),
    "challenge.list": () => ok(answers.challenges),
    "challenge.accept": () => ok({ gameId: 1400 }),
    "challenge.decline": () => ok(null),
    "game.snapshot": ({ gameId }) => ok({ ...sampleGameView, id: gameId, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 } }),
  });
  const hub: SocketHub = {
    command,
    subscribe(room, handler, options) {
      handlers.set(room, handler);
      options?.onSubscribed?.();
      return () => handlers.delete(room);
    },
  };
  async function emit(type: string, payload: unknown) {
    const room = roomName("user", ME);
    await act(async () => handlers.get(room)?.({ room, type, payload }));
  }
  return { hub, calls, emit };
}

function GamePage() {
  return <p>game page {useParams().id}</p>;
}

function renderShell(server: ReturnType<typeof fakeServer>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <CurrentGamesItem />
          <PlayNotices />
        </>
      ),
    },
    { path: "/game/live/:id", Component: GamePage },
  ]);
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(messages)}>
      <AlertsProvider>
        <SocketProvider hub={server.hub}>
            <PlayLiveProvider memberId={ME}>
              <Stub initialEntries={["/"]} />
            </PlayLiveProvider>
        </SocketProvider>
        <AlertList />
      </AlertsProvider>
    </IntlProvider>,
  );
}

describe("the play layer", () => {
  it("shows an incoming challenge with its terms; Accept starts the game and goes to it", async () => {
    const server = fakeServer({ currentGames: [], challenges: [challengeFromBob] });
    renderShell(server);
    await server.emit("challenge.received", { id: 41, from: "bob" });

    const toast = await screen.findByRole("article", { name: "bob challenges you" });
    expect(toast.textContent).toContain("5+0 · Standard · Rated · you play black");
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));

    expect(await screen.findByText("game page 1400")).toBeTruthy();
    expect(server.calls).toContainEqual({ name: "challenge.accept", input: { id: 41 } });
  });

  it("takes a challenge back off the screen when its challenger cancels it, and says so", async () => {
    const server = fakeServer({ currentGames: [], challenges: [challengeFromBob] });
    renderShell(server);
    await server.emit("challenge.received", { id: 41, from: "bob" });
    await screen.findByRole("article");
    await server.emit("challenge.cancelled", { id: 41, by: "bob" });
    expect(screen.queryByRole("article")).toBeNull();
    expect(await screen.findByText("bob cancelled their challenge.")).toBeTruthy();
  });

  it("tells the challenger of a decline, and takes them to the game when a challenge or seek is taken", async () => {
    const server = fakeServer({ currentGames: [], challenges: [] });
    renderShell(server);
    await server.emit("challenge.declined", { id: 41, by: "carla" });
    expect(await screen.findByText("carla declined your challenge.")).toBeTruthy();
    await server.emit("seek.paired", { id: 3, gameId: 1500 });
    // The event names only the game: its snapshot says it is a live one.
    expect(await screen.findByText("game page 1500")).toBeTruthy();
    expect(server.calls).toContainEqual({ name: "game.snapshot", input: { gameId: 1500 } });
  });

  it("lists the games in progress in the header, and reads them again when an opponent moves", async () => {
    const server = fakeServer({ currentGames: [[liveGame], [dailyGame, liveGame]], challenges: [] });
    renderShell(server);
    const toggle = await screen.findByRole("button", { name: "1 game in progress, none waiting for your move" });

    await server.emit("game.your_move", { gameId: 1200, by: "carla" });
    expect(await screen.findByRole("button", { name: "2 games in progress, 1 waiting for your move" })).toBe(toggle);
    expect(screen.getByRole("article", { name: "carla has moved: it is your move." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the game" }).getAttribute("href")).toBe("/game/1200");

    fireEvent.click(toggle);
    const links = screen.getAllByRole("link", { name: /^vs / });
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["vs carlaDaily · your move", "/game/1200"],
      ["vs bobLive", "/game/live/1300"],
    ]);
    expect(server.calls.filter((call) => call.name === "games.current")).toHaveLength(2);
  });
});
