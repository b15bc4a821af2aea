import { describe, expect, it } from "vitest";
import { coalescedPasses } from "./coalesced-passes.ts";

describe("coalesced passes", () => {
  it("joins calls made during a pass and runs exactly one more pass for them, then starts afresh", async () => {
    const releases: Array<() => void> = [];
    let passes = 0;
    const runner = coalescedPasses(async () => {
      passes += 1;
      await new Promise<void>((resolve) => releases.push(resolve));
      return 2;
    });
    const first = runner.run();
    // Three calls while the first pass runs: they share its promise and ask for one more pass, not three.
    const joined = [runner.run(), runner.run(), runner.run()];
    expect(joined.every((promise) => promise === first)).toBe(true);
    expect(runner.current()).toBe(first);
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(passes).toBe(2);
    releases.shift()?.();
    expect(await first).toBe(4);
    expect(passes).toBe(2);
    expect(runner.current()).toBeNull();

    const next = runner.run();
    expect(next).not.toBe(first);
    releases.shift()?.();
    expect(await next).toBe(2);
    expect(passes).toBe(3);
  });
});
