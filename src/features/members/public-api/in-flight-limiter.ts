/**
 * Counts the requests each client has in flight on this instance and refuses
 * the ones beyond a ceiling: serial clients are never refused, parallel bursts
 * are. The count lives in memory (an in-flight request belongs to one process).
 */
export interface InFlightLimiter {
  /** A release function when the client is under the ceiling (call it once the answer is done; extra calls do nothing), else null. */
  tryAcquire(client: string): (() => void) | null;
  /** How many requests the client has in flight now. */
  inFlight(client: string): number;
  /** How many clients have a request in flight (the map never keeps idle clients). */
  readonly activeClients: number;
}

export function createInFlightLimiter(maxInFlightPerClient: number): InFlightLimiter {
  if (!Number.isInteger(maxInFlightPerClient) || maxInFlightPerClient < 1) {
    throw new Error(`maxInFlightPerClient must be a positive integer, not ${maxInFlightPerClient}`);
  }
  const counts = new Map<string, number>();
  return {
    tryAcquire(client) {
      const current = counts.get(client) ?? 0;
      if (current >= maxInFlightPerClient) return null;
      counts.set(client, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const remaining = (counts.get(client) ?? 1) - 1;
        if (remaining > 0) counts.set(client, remaining);
        else counts.delete(client);
      };
    },
    inFlight(client) {
      return counts.get(client) ?? 0;
    },
    get activeClients() {
      return counts.size;
    },
  };
}
