import { describe, expect, it } from "vitest";
import { moveSound } from "./game-sounds.ts";

describe("the sound of a move", () => {
  it("is read from its SAN, check before promotion, castling and capture", () => {
    expect(moveSound("Qh4#", false)).toBe("move-check");
    expect(moveSound("e8=Q", true)).toBe("promote");
    expect(moveSound("O-O-O", true)).toBe("castle");
    expect(moveSound("exd5", false)).toBe("capture");
    expect(moveSound("Nf3", true)).toBe("move-self");
    expect(moveSound("Nf6", false)).toBe("move-opponent");
  });
});
