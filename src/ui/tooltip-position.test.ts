import { describe, expect, it } from "vitest";
import { choosePlacement, computePosition, oppositePlacement, tooltipDefaults } from "./tooltip-position.ts";

const viewport = { width: 1000, height: 800 };
const floating = { width: 100, height: 40 };
const middle = { top: 400, left: 450, width: 100, height: 20 };

describe("tooltip position", () => {
  it("defaults to the spec: 400 ms delay, 8 px padding, top", () => {
    expect(tooltipDefaults).toEqual({ delayMs: 400, padding: 8, placement: "top" });
  });

  it("puts the tooltip above the anchor, centred, 8 px away", () => {
    expect(computePosition({ anchor: middle, floating, viewport })).toEqual({ placement: "top", top: 352, left: 450 });
  });

  it("places on each side with the padding", () => {
    expect(computePosition({ anchor: middle, floating, viewport, placement: "bottom" })).toEqual({
      placement: "bottom",
      top: 428,
      left: 450,
    });
    expect(computePosition({ anchor: middle, floating, viewport, placement: "left" })).toEqual({
      placement: "left",
      top: 390,
      left: 342,
    });
    expect(computePosition({ anchor: middle, floating, viewport, placement: "right" })).toEqual({
      placement: "right",
      top: 390,
      left: 558,
    });
  });

  it("flips top to bottom near the top edge, and back near the bottom edge", () => {
    const nearTop = { ...middle, top: 20 };
    expect(computePosition({ anchor: nearTop, floating, viewport }).placement).toBe("bottom");
    const nearBottom = { ...middle, top: 770 };
    expect(computePosition({ anchor: nearBottom, floating, viewport, placement: "bottom" }).placement).toBe("top");
  });

  it("flips left to right near the left edge, and right to left near the right edge", () => {
    const nearLeft = { ...middle, left: 10 };
    expect(computePosition({ anchor: nearLeft, floating, viewport, placement: "left" }).placement).toBe("right");
    const nearRight = { ...middle, left: 880 };
    expect(computePosition({ anchor: nearRight, floating, viewport, placement: "right" }).placement).toBe("left");
  });

  it("fits exactly at the edge without flipping", () => {
    const exact = { ...middle, top: 48 };
    expect(computePosition({ anchor: exact, floating, viewport })).toMatchObject({ placement: "top", top: 0 });
  });

  it("takes the side with more room when neither side fits, the preferred one on a tie", () => {
    const tiny = { width: 200, height: 60 };
    const higher = { top: 30, left: 50, width: 20, height: 10 };
    expect(choosePlacement("top", higher, floating, tiny, 8)).toBe("top");
    expect(choosePlacement("bottom", higher, floating, tiny, 8)).toBe("top");
    const centred = { top: 25, left: 50, width: 20, height: 10 };
    expect(choosePlacement("top", centred, floating, tiny, 8)).toBe("top");
    expect(choosePlacement("bottom", centred, floating, tiny, 8)).toBe("bottom");
  });

  it("slides along the anchor to stay on screen", () => {
    const leftEdge = { ...middle, left: 0, width: 20 };
    expect(computePosition({ anchor: leftEdge, floating, viewport }).left).toBe(4);
    const rightEdge = { ...middle, left: 990, width: 10 };
    expect(computePosition({ anchor: rightEdge, floating, viewport }).left).toBe(896);
  });

  it("knows each opposite", () => {
    expect([
      oppositePlacement("top"),
      oppositePlacement("bottom"),
      oppositePlacement("left"),
      oppositePlacement("right"),
    ]).toEqual(["bottom", "top", "right", "left"]);
  });
});
