import { render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { defaultBoardOptions } from "../../accounts/board-options/board-options.ts";
import { beforeAll, describe, expect, it } from "vitest";
import uiMessages from "../../../ui/messages/en.json";
import type { GameView } from "../play.schema.ts";
import { GameScreen, playerControls, type GameRole } from "./game-screen.tsx";
import { chatComposerModule } from "../chat/game-chat.tsx";
import { sampleGameView } from "./game-view.fixture.ts";
import { dailyPartsModule } from "./daily-parts.tsx";
import gameMessages from "./messages/en.json";
import chatMessages from "../chat/messages/en.json";

const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

const daily: GameView = { ...sampleGameView, id: 12, control: { kind: "daily", daysPerMove: 3 }, rated: false, clocks: null, deadlineAt: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString() };

const finished: GameView = {
  ...daily,
  id: 13,
  control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 },
  rated: true,
  fen: mated,
  moves: [
    { uci: "f2f3", san: "f3", clockMs: 180_000 },
    { uci: "e7e5", san: "e5", clockMs: 180_000 },
    { uci: "g2g4", san: "g4", clockMs: 179_000 },
    { uci: "d8h4", san: "Qh4#", clockMs: 178_000 },
  ],
  ply: 4,
  version: 6,
  status: "ended",
  ending: { result: "0-1", reason: "checkmate", ratingDiffs: { white: -9, black: 8 } },
  clocks: { white: 175_000, black: 178_000, running: null },
};

function renderGame(view: GameView, role: GameRole) {
  const Stub = createRoutesStub([{ path: "/game/:id", Component: () => <GameScreen initial={view} role={role} viewerId={null} options={defaultBoardOptions} /> }]);
  return render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages({ ...uiMessages, ...gameMessages, ...chatMessages })}>
      <Stub initialEntries={[`/game/${view.id}`]} />
    </IntlProvider>,
  );
}

describe("the game screen", () => {
  // A player's controls, the chat's composer and the daily clocks are chunks of their own, which the
  // page loader awaits; a test that waited for one inside its own time limit timed out on a busy machine.
  beforeAll(() => Promise.all([playerControls.ready(), chatComposerModule.ready(), dailyPartsModule.ready()]));

  it("shows a daily game's players, its time per move, the position and the player's actions", async () => {
    const { container } = renderGame(daily, "black");
    expect(await screen.findByRole("heading", { name: "alice vs bob" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "alice" }).getAttribute("href")).toBe("/member/alice");
    expect(screen.getAllByText("3 days per move").length).toBeGreaterThan(0);
    expect(screen.getByText("You play Black")).toBeTruthy();
    // The fixture's deadline is a minute short of 3 days: a minute has gone.
    // The daily parts are a chunk of their own: the line is whole once it is there.
    await waitFor(() => expect(screen.getByText("Move due in").textContent).toBe("Move due in 2 days 23 hours"));
    expect(container.querySelectorAll(".ks-board-static piece")).toHaveLength(32);
    expect(screen.getByRole("button", { name: "Abort" })).toBeTruthy();
    // Black at the bottom for black: bob's bar comes after the board.
    expect([...container.querySelectorAll(".ks-player-name")].map((link) => link.textContent)).toEqual(["alice", "bob"]);
  });

  it("shows a fresh 3-day daily game as 3 days, on the line and on the bar of the side to move, and the other side's whole allowance", async () => {
    const fresh: GameView = { ...daily, id: 14, deadlineAt: new Date(Date.now() + 3 * 86_400_000).toISOString() };
    const { container } = renderGame(fresh, "black");
    await waitFor(() => expect(screen.getByText("Move due in").textContent).toBe("Move due in 3 days"));
    await waitFor(() => expect(container.querySelectorAll(".ks-game-clock-daily")).toHaveLength(2));
    // White (alice, at the top for black) is to move: her time runs; bob's whole 3 days wait for his turn.
    const bars = [...container.querySelectorAll(".ks-player-bar")].map((bar) => ({ name: bar.querySelector(".ks-player-name")?.textContent, time: bar.querySelector(".ks-game-clock-daily")?.textContent, running: bar.querySelector(".ks-game-clock-running") !== null }));
    expect(bars).toEqual([
      { name: "alice", time: "3 days", running: true },
      { name: "bob", time: "3 days", running: false },
    ]);
    // The deadline itself on hover, as a <time> with the instant.
    const deadline = container.querySelector(".ks-player-bar time");
    expect(deadline?.getAttribute("datetime")).toBe(fresh.deadlineAt);
    expect(deadline?.getAttribute("title")).toMatch(/\d{4}/);
  });

  it("shows a spectator the end, its reason, the rating changes and the stopped clocks, with no player's actions", async () => {
    const { container } = renderGame(finished, "spectator");
    expect(await screen.findByText("Black wins")).toBeTruthy();
    expect(screen.getByText("by checkmate")).toBeTruthy();
    expect(container.querySelector(".ks-player-diff-up")?.textContent).toBe("+8");
    expect(container.querySelector(".ks-player-diff-down")?.textContent).toBe("-9");
    expect([...container.querySelectorAll("[role='timer']")].map((clock) => clock.textContent)).toEqual(["2:58", "2:55"]);
    expect(container.querySelector(".ks-board-static square.check")).toBeTruthy();
    expect(container.querySelectorAll("[data-action]")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Move 2, Black: Qh4#" }).getAttribute("aria-current")).toBe("step");
  });

  it("offers a player the spectators' chat only once the game ended", async () => {
    const during = renderGame(daily, "black");
    expect(await screen.findByRole("heading", { name: "Chat with your opponent" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Spectator chat" })).toBeNull();
    during.unmount();

    renderGame(finished, "white");
    expect(await screen.findByRole("heading", { name: "Chat with your opponent" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Spectator chat" })).toBeTruthy();
  });
});
