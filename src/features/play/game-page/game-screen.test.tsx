import { render, screen } from "@testing-library/react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import uiMessages from "../../../ui/messages/en.json";
import type { GameView } from "../play.schema.ts";
import { GameScreen, playerControls, type GameRole } from "./game-screen.tsx";
import { chatComposerModule } from "../chat/game-chat.tsx";
import { sampleGameView } from "./game-view.fixture.ts";
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
  const Stub = createRoutesStub([{ path: "/game/:id", Component: () => <GameScreen initial={view} role={role} viewerId={null} /> }]);
  return render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages({ ...uiMessages, ...gameMessages, ...chatMessages })}>
      <Stub initialEntries={[`/game/${view.id}`]} />
    </IntlProvider>,
  );
}

describe("the game screen", () => {
  // A player's controls and the chat's composer are chunks of their own, which the page loader awaits.
  beforeAll(() => Promise.all([playerControls.ready(), chatComposerModule.ready()]));

  it("shows a daily game's players, its time per move, the position and the player's actions", async () => {
    const { container } = renderGame(daily, "black");
    expect(await screen.findByRole("heading", { name: "alice vs bob" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "alice" }).getAttribute("href")).toBe("/member/alice");
    expect(screen.getAllByText("3 days per move").length).toBeGreaterThan(0);
    expect(screen.getByText("You play Black")).toBeTruthy();
    expect(screen.getByText("Move due").textContent).toContain("in 2 days");
    expect(container.querySelectorAll(".ks-board-static piece")).toHaveLength(32);
    expect(screen.getByRole("button", { name: "Abort" })).toBeTruthy();
    // Black at the bottom for black: bob's bar comes after the board.
    expect([...container.querySelectorAll(".ks-player-name")].map((link) => link.textContent)).toEqual(["alice", "bob"]);
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
