/**
 * One pass at a time over a table others keep writing to (the realtime outbox,
 * the domain-event log): a call while a pass runs joins it and asks for one
 * more pass after it, so rows committed after the running pass read the table
 * are never left for the next timer tick.
 */
export interface CoalescedPasses {
  /** Runs passes until one starts with nothing asked since; answers how many items they handled. */
  run(): Promise<number>;
  /** The passes under way, if any (to wait for at shutdown). */
  current(): Promise<number> | null;
}

export function coalescedPasses(pass: () => Promise<number>): CoalescedPasses {
  let running: Promise<number> | null = null;
  let again = false;

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      total += await pass();
    } while (again);
    return total;
  }

  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = null;
      });
      return running;
    },
    current: () => running,
  };
}
