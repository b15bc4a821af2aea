import { useCallback, useEffect, useRef, useState } from "react";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import type { HttpClient } from "../../../platform/http/http-client.ts";

export interface OptimisticSetting<T> {
  /** What the page shows: the latest choice, or the server's value after a failure. */
  readonly value: T;
  /** True while a change is on its way to the server. */
  readonly pending: boolean;
  /** Applies `next` at once, saves it, and rolls back when the server refuses. Resolves true when saved. */
  readonly change: (next: T) => Promise<boolean>;
}

/**
 * A setting applied optimistically (spec 001 §4.5): the new value shows at
 * once, `save` sends it through the page's one HTTP client, and a failure
 * puts back the last value the server accepted. The HTTP client has already
 * toasted the server's message by then; the hook only rolls back.
 *
 * When several changes overlap, only the latest one decides what is shown:
 * an older request that fails late does not undo a newer choice.
 */
export function useOptimisticSetting<T>(serverValue: T, save: (client: HttpClient, next: T) => Promise<unknown>): OptimisticSetting<T> {
  const client = useHttpClient();
  const [value, setValue] = useState(serverValue);
  const [pending, setPending] = useState(false);
  const confirmed = useRef(serverValue);
  /** Numbers every change; only the newest may roll back or confirm. */
  const sequence = useRef(0);
  const inFlight = useRef(0);
  const saveRef = useRef(save);

  useEffect(() => {
    saveRef.current = save;
  });

  // A fresh value from the server (a revalidated loader) replaces ours when nothing is in flight.
  useEffect(() => {
    confirmed.current = serverValue;
    if (inFlight.current === 0) setValue(serverValue);
  }, [serverValue]);

  const change = useCallback(
    async (next: T): Promise<boolean> => {
      sequence.current += 1;
      const ticket = sequence.current;
      inFlight.current += 1;
      setValue(next);
      setPending(true);
      try {
        await saveRef.current(client, next);
        if (ticket === sequence.current) confirmed.current = next;
        return true;
      } catch {
        if (ticket === sequence.current) setValue(confirmed.current);
        return false;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) setPending(false);
      }
    },
    [client],
  );

  return { value, pending, change };
}
