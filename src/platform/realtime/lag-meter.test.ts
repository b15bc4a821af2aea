import { describe, expect, it } from "vitest";
import { createLagMeter } from "./lag-meter.ts";

describe("the lag meter", () => {
  it("knows nothing before a round trip, then half the round trip", () => {
    const meter = createLagMeter();
    expect(meter.lagMs()).toBeUndefined();
    meter.pingSent(1_000);
    expect(meter.lagMs()).toBeUndefined();
    meter.pongReceived(1_080);
    expect(meter.lagMs()).toBe(40);
  });

  it("smooths: one slow round trip moves the figure by a fraction of the difference", () => {
    const meter = createLagMeter({ smoothing: 0.25, maxSampleMs: 2_000 });
    meter.pingSent(0);
    meter.pongReceived(100);
    meter.pingSent(1_000);
    meter.pongReceived(1_500);
    expect(meter.lagMs()).toBe(Math.round(50 + 0.25 * (250 - 50)));
  });

  it("caps a held-back pong and ignores pongs nobody asked for", () => {
    const meter = createLagMeter({ smoothing: 1, maxSampleMs: 300 });
    meter.pongReceived(50);
    expect(meter.lagMs()).toBeUndefined();
    meter.pingSent(0);
    meter.pongReceived(60_000);
    expect(meter.lagMs()).toBe(300);
  });

  it("keeps one probe at a time: a second ping before the pong does not restart the measure", () => {
    const meter = createLagMeter({ smoothing: 1, maxSampleMs: 2_000 });
    expect(meter.pingSent(0)).toBe(true);
    expect(meter.pingSent(500)).toBe(false);
    meter.pongReceived(600);
    expect(meter.lagMs()).toBe(300);
  });

  it("counts a probe never answered as the cap, and probes again", () => {
    const meter = createLagMeter({ smoothing: 1, maxSampleMs: 1_000 });
    meter.pingSent(0);
    expect(meter.pingSent(1_500)).toBe(false);
    expect(meter.pingSent(2_500)).toBe(true);
    expect(meter.lagMs()).toBe(1_000);
    meter.pongReceived(2_600);
    expect(meter.lagMs()).toBe(50);
  });
});
