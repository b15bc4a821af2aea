import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Tooltip, tooltipHideGraceMs } from "./tooltip.tsx";

function placeAnchor(element: HTMLElement, top: number) {
  element.getBoundingClientRect = () => new DOMRect(400, top, 80, 24);
}

describe("Tooltip", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderTooltip(props: Partial<Parameters<typeof Tooltip>[0]> = {}) {
    render(
      <Tooltip content="Rating deviation" {...props}>
        <button type="button" aria-describedby="own-hint">
          RD
        </button>
      </Tooltip>,
    );
    const anchor = screen.getByRole("button", { name: "RD" });
    placeAnchor(anchor, 300);
    return anchor;
  }

  it("appears only after a 400 ms hover and describes its anchor", () => {
    const anchor = renderTooltip();
    fireEvent.mouseEnter(anchor);
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(anchor.getAttribute("aria-describedby")).toBe("own-hint");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip.textContent).toBe("Rating deviation");
    expect(anchor.getAttribute("aria-describedby")).toBe(`own-hint ${tooltip.id}`);
    expect(tooltip.dataset["placement"]).toBe("top");
  });

  it("does not appear when the pointer leaves before the delay", () => {
    const anchor = renderTooltip();
    fireEvent.mouseEnter(anchor);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.mouseLeave(anchor);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("hides when the pointer leaves, after a short grace to reach the tooltip", () => {
    const anchor = renderTooltip();
    fireEvent.mouseEnter(anchor);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    fireEvent.mouseLeave(anchor);
    fireEvent.mouseEnter(screen.getByRole("tooltip"));
    act(() => {
      vi.advanceTimersByTime(tooltipHideGraceMs * 5);
    });
    expect(screen.getByRole("tooltip")).not.toBeNull();
    fireEvent.mouseLeave(screen.getByRole("tooltip"));
    act(() => {
      vi.advanceTimersByTime(tooltipHideGraceMs);
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("appears on keyboard focus after the delay, and Escape or blur hides it", () => {
    const anchor = renderTooltip();
    act(() => anchor.focus());
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByRole("tooltip")).not.toBeNull();
    fireEvent.keyDown(anchor, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => anchor.blur());
    act(() => anchor.focus());
    act(() => {
      vi.advanceTimersByTime(400);
    });
    act(() => anchor.blur());
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("flips below the anchor when there is no room above", () => {
    const anchor = renderTooltip();
    placeAnchor(anchor, 2);
    fireEvent.mouseEnter(anchor);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip.dataset["placement"]).toBe("bottom");
    expect(tooltip.style.top).toBe(`${2 + 24 + 8}px`);
  });

  it("keeps the anchor's own handlers", () => {
    const handleMouseEnter = vi.fn();
    render(
      <Tooltip content="tip">
        <a href="/x" onMouseEnter={handleMouseEnter}>
          x
        </a>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole("link"));
    expect(handleMouseEnter).toHaveBeenCalledOnce();
  });

  it("renders on the server without a tooltip", () => {
    const html = renderToString(
      <Tooltip content="tip">
        <button type="button">x</button>
      </Tooltip>,
    );
    expect(html).toBe('<span class="ks-tooltip-anchor"><button type="button">x</button></span>');
  });
});
