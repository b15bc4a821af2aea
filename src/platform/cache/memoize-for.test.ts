import { describe, expect, it } from "vitest";
import { memoizeFor } from "./memoize-for.ts";

describe("memoizeFor", () => {
  it("shares one result within the window and recomputes after it", async () => {
    let time = 0;
    let calls = 0;
    const cached = memoizeFor(1000, async () => ++calls, () => time);
    expect(await cached()).toBe(1);
    time = 999;
    expect(await cached()).toBe(1);
    time = 1000;
    expect(await cached()).toBe(2);
  });

  it("does not keep a failure", async () => {
    let fail = true;
    const cached = memoizeFor(1000, async () => {
      if (fail) throw new Error("down");
      return "up";
    });
    await expect(cached()).rejects.toThrow("down");
    fail = false;
    await expect(cached()).resolves.toBe("up");
  });
});
