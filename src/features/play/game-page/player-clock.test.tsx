import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import type { GameView } from "../play.schema.ts";
import { sampleGameView } from "./game-view.fixture.ts";
import { applySnapshot, holdGame, shownClocks } from "./game-sync.ts";
import { PlayerClock } from "./player-clock.tsx";

/**
 * The grace after a restart (decision 0059): the server holds the mover's clock
 * for 5 s and its snapshot says so (`startsInMs`). The page must show the clock
 * still for that long, then count down with the server.
 */
describe("a clock the server holds after a restart", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000, toFake: ["setTimeout", "clearTimeout", "performance", "Date"] }));
  afterEach(() => vi.useRealTimers());

  const messages = { "game.clock.label": "{color} clock", "game.color.white": "White", "game.color.black": "Black" };
  const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it("stays still during the grace, then ticks from where the server starts charging", () => {
    const before: GameView = { ...sampleGameView, ply: 2, clocks: { white: 57_000, black: 60_000, running: "white" } };
    const cut = holdGame(before, performance.now());
    const resumed: GameView = { ...before, clocks: { white: 57_000, black: 60_000, running: "white", startsInMs: 5_000 } };
    const snapshot = shownClocks(applySnapshot(cut, resumed, performance.now()).game)!;
    renderWithIntl(<PlayerClock snapshot={snapshot} color="white" baseMs={60_000} warn={false} />, { messages });
    const shown = () => screen.getByRole("timer", { name: "White clock" }).textContent;
    expect(shown()).toBe("0:57");
    for (let second = 0; second < 4; second += 1) {
      tick(1_000);
      expect(shown(), `${second + 1} s into the grace`).toBe("0:57");
    }
    tick(900);
    expect(shown()).toBe("0:57");
    // The grace is over at 5 s: two seconds later the server has charged two seconds, and the page shows as much.
    // (Each tick is scheduled after the render the previous one caused.)
    tick(1_150);
    expect(shown()).toBe("0:55");
    tick(1_000);
    expect(shown()).toBe("0:54");
    tick(1_000);
    expect(shown()).toBe("0:53");
  });
});
