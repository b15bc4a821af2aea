import { describe, expect, it } from "vitest";
import { navigate, navigationKey, shownPly } from "./move-navigation.ts";

describe("move list navigation", () => {
  it("follows the game until the viewer steps back", () => {
    expect(shownPly(null, 7)).toBe(7);
    const back = navigate(null, "previous", 7);
    expect(back).toBe(6);
    // A new move arrives: the viewer stays where they were.
    expect(shownPly(back, 8)).toBe(6);
  });

  it("goes to the start, to a clicked move, and back to following at the end", () => {
    expect(navigate(null, "first", 7)).toBe(0);
    expect(navigate(0, { ply: 3 }, 7)).toBe(3);
    expect(navigate(6, "next", 7)).toBeNull();
    expect(navigate(3, "last", 7)).toBeNull();
  });

  it("stays within the game", () => {
    expect(navigate(0, "previous", 7)).toBe(0);
    expect(navigate(null, "next", 7)).toBeNull();
    expect(navigate(null, { ply: 40 }, 7)).toBeNull();
  });

  it("maps the arrow keys, Home and End", () => {
    expect(navigationKey("ArrowLeft")).toBe("previous");
    expect(navigationKey("ArrowRight")).toBe("next");
    expect(navigationKey("Home")).toBe("first");
    expect(navigationKey("End")).toBe("last");
    expect(navigationKey("a")).toBeNull();
  });
});
