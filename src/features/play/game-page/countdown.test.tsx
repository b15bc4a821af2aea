import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import { Countdown, secondsLeft } from "./countdown.tsx";

describe("the countdowns to the first move and to the claim", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("rounds up to whole seconds and stops at zero", () => {
    expect(secondsLeft(1_000_000 + 29_001, 1_000_000)).toBe(30);
    expect(secondsLeft(1_000_000 + 30_000, 1_000_000)).toBe(30);
    expect(secondsLeft(1_000_000, 1_000_500)).toBe(0);
  });

  it("ticks down each second and says when it is done", () => {
    const done = vi.fn();
    renderWithIntl(<Countdown until={1_000_000 + 2_000} messageId="left" onDone={done} />, { messages: { left: "Left: {time}" } });
    expect(screen.getByRole("timer").textContent).toBe("Left: 0:02");
    // Each tick is scheduled after the render the previous one caused.
    const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
    tick(50);
    tick(1_000);
    expect(screen.getByRole("timer").textContent).toBe("Left: 0:01");
    expect(done).not.toHaveBeenCalled();
    tick(1_000);
    expect(screen.getByRole("timer").textContent).toBe("Left: 0:00");
    expect(done).toHaveBeenCalledTimes(1);
  });
});
