/**
 * A socket's network lag as the server measures it: the server sends a ping
 * frame, the client's WebSocket answers with a pong by itself (browsers do it
 * in the protocol layer, no page code involved), and half the round trip is
 * one sample of the one-way lag. Samples are smoothed (an exponential moving
 * average), so one slow round trip does not swing the figure, and capped, so
 * a client that holds its pongs back cannot claim more than the cap. This is
 * the figure clocks compensate for (src/chess/clock.ts), instead of a number
 * the client reports about itself. Pure: time comes in as arguments.
 */
export interface LagMeterOptions {
  /** Weight of a new sample in the average (0–1). */
  readonly smoothing: number;
  /** Most one sample may count for (a held-back pong counts as this much). */
  readonly maxSampleMs: number;
}

export const defaultLagMeterOptions: LagMeterOptions = { smoothing: 0.3, maxSampleMs: 2_000 };

export interface LagMeter {
  /**
   * A ping may leave now: answers false while the previous one is still
   * unanswered (one probe at a time), unless it waited longer than twice the
   * cap, which counts as a sample of the cap and starts a new probe.
   */
  pingSent(at: number): boolean;
  /** A pong arrived now (an unasked pong is ignored). */
  pongReceived(at: number): void;
  /** The smoothed one-way lag in whole milliseconds; undefined before the first round trip. */
  lagMs(): number | undefined;
}

export function createLagMeter(options: LagMeterOptions = defaultLagMeterOptions): LagMeter {
  let pendingSince: number | undefined;
  let smoothed: number | undefined;
  const record = (sample: number): void => {
    smoothed = smoothed === undefined ? sample : smoothed + options.smoothing * (sample - smoothed);
  };
  return {
    pingSent(at) {
      if (pendingSince !== undefined) {
        if (at - pendingSince <= 2 * options.maxSampleMs) return false;
        record(options.maxSampleMs);
      }
      pendingSince = at;
      return true;
    },
    pongReceived(at) {
      if (pendingSince === undefined) return;
      record(Math.min(options.maxSampleMs, Math.max(0, at - pendingSince) / 2));
      pendingSince = undefined;
    },
    lagMs() {
      return smoothed === undefined ? undefined : Math.round(smoothed);
    },
  };
}
