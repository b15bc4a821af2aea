import { useState } from "react";
import type { HttpMethod } from "../../platform/http/http-client.ts";
import { useHttpClient } from "../../platform/http/http-client-context.tsx";

/**
 * One call from a row of a member list (accept a request, unblock, unmute):
 * busy while it runs, the outcome once the server agreed, then the list is
 * told to refresh. A refusal leaves the row as it was (the HTTP client shows it).
 */
export function useMemberRowCall<Outcome>(onChanged: () => void) {
  const http = useHttpClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Outcome | null>(null);

  async function run(method: HttpMethod, path: string, outcome: Outcome): Promise<void> {
    setBusy(true);
    try {
      await http.request(method, path);
      setDone(outcome);
      onChanged();
    } catch {
      // The HTTP client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }

  return { busy, done, run };
}
