import { describe, expect, it } from "vitest";
import { versionStep } from "./version-gap.ts";

describe("versionStep", () => {
  it("reads an event at or below the held version as a repeat", () => {
    expect(versionStep(5, 5)).toBe("repeat");
    expect(versionStep(5, 4)).toBe("repeat");
    expect(versionStep(5, 0)).toBe("repeat");
  });

  it("reads the version right after the held one as the next", () => {
    expect(versionStep(5, 6)).toBe("next");
    expect(versionStep(0, 1)).toBe("next");
  });

  it("reads any later version as past a gap", () => {
    expect(versionStep(5, 7)).toBe("gap");
    expect(versionStep(0, 2)).toBe("gap");
    expect(versionStep(5, 1_000)).toBe("gap");
  });
});
