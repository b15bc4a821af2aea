import { describe, expect, it } from "vitest";
import { createInFlightLimiter } from "./in-flight-limiter.ts";

describe("the in-flight limiter", () => {
  it("lets a client have up to the ceiling in flight and refuses one more", () => {
    const limiter = createInFlightLimiter(3);
    const held = [limiter.tryAcquire("a"), limiter.tryAcquire("a"), limiter.tryAcquire("a")];
    expect(held.every((release) => typeof release === "function")).toBe(true);
    expect(limiter.inFlight("a")).toBe(3);
    expect(limiter.tryAcquire("a")).toBeNull();
    expect(limiter.inFlight("a")).toBe(3);
  });

  it("gives a slot back when a request finishes", () => {
    const limiter = createInFlightLimiter(1);
    const first = limiter.tryAcquire("a");
    expect(limiter.tryAcquire("a")).toBeNull();
    first?.();
    expect(limiter.inFlight("a")).toBe(0);
    expect(limiter.tryAcquire("a")).not.toBeNull();
  });

  it("never lets a serial client be refused, however many requests it makes", () => {
    const limiter = createInFlightLimiter(1);
    for (let index = 0; index < 10_000; index++) {
      const release = limiter.tryAcquire("serial");
      expect(release).not.toBeNull();
      release?.();
    }
    expect(limiter.activeClients).toBe(0);
  });

  it("counts each client on its own", () => {
    const limiter = createInFlightLimiter(1);
    expect(limiter.tryAcquire("a")).not.toBeNull();
    expect(limiter.tryAcquire("b")).not.toBeNull();
    expect(limiter.tryAcquire("a")).toBeNull();
    expect(limiter.activeClients).toBe(2);
  });

  it("ignores a second release of the same slot", () => {
    const limiter = createInFlightLimiter(2);
    const first = limiter.tryAcquire("a");
    const second = limiter.tryAcquire("a");
    first?.();
    first?.();
    expect(limiter.inFlight("a")).toBe(1);
    expect(limiter.tryAcquire("a")).not.toBeNull();
    expect(limiter.tryAcquire("a")).toBeNull();
    second?.();
  });

  it("forgets clients with nothing in flight", () => {
    const limiter = createInFlightLimiter(2);
    const releases = ["a", "b", "c"].map((client) => limiter.tryAcquire(client));
    for (const release of releases) release?.();
    expect(limiter.activeClients).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a ceiling of %s", (ceiling) => {
    expect(() => createInFlightLimiter(ceiling)).toThrow();
  });
});
