/**
 * usePresence(ids): the presence of some members in the browser, kept live.
 * It fetches GET /callback/presence once, then follows each member's
 * `presence:{id}` room on the page's socket; after a reconnect (events sent
 * meanwhile are not replayed) it fetches again. For the user card and the
 * profile page.
 */
import { useEffect, useMemo, useState } from "react";
import { useHttpClient } from "../../platform/http/http-client-context.tsx";
import type { HttpClient } from "../../platform/http/http-client.ts";
import { eventPayload } from "../../platform/realtime/protocol.ts";
import type { SocketClient } from "../../platform/realtime/socket-client.ts";
import { pageSocketClient } from "../../platform/realtime/page-socket.ts";
import { presenceChanged, presenceRoom } from "./presence.realtime.ts";
import { maxPresenceIds } from "./presence-ids.ts";
import type { Presence, PresenceResponse } from "./presence.schema.ts";

export type PresenceById = ReadonlyMap<number, Presence>;

export interface PresenceState {
  readonly loading: boolean;
  /** null when the lookup failed (spec 001 §8: "Presence failure: null"); members not found are absent. */
  readonly presence: PresenceById | null;
}

export interface PresenceSources {
  readonly http: Pick<HttpClient, "request">;
  readonly socket: Pick<SocketClient, "subscribe">;
}

/** Positive whole ids, without repeats, at most 25 (the server's limit), in a stable key. */
export function presenceIdsKey(ids: readonly number[]): string {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  return unique.slice(0, maxPresenceIds).join(",");
}

/**
 * Follows the presence of `ids` through `sources`: calls `onChange` with the
 * full state each time it changes. Returns the function that stops it.
 * The React hook is a thin shell around this.
 */
export function followPresence(idsKey: string, sources: PresenceSources, onChange: (state: PresenceState) => void): () => void {
  const ids = idsKey === "" ? [] : idsKey.split(",").map(Number);
  if (ids.length === 0) {
    onChange({ loading: false, presence: new Map() });
    return () => {};
  }
  let stopped = false;
  let loaded = false;
  let current: Map<number, Presence> | null = null;
  /** Members whose event arrived while a fetch was under way: the event is the newer news. */
  let updatedDuringFetch = new Set<number>();
  let fetching = false;
  let fetchAgain = false;

  function publish(): void {
    if (!stopped) onChange({ loading: !loaded, presence: current });
  }

  /** One fetch at a time; asking during one queues exactly one more. */
  async function load(): Promise<void> {
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    updatedDuringFetch = new Set();
    try {
      const response = await sources.http.request<PresenceResponse>("GET", "/callback/presence", { query: { ids: idsKey }, quiet: true });
      const next = new Map(response.presence.map((presence) => [presence.id, presence]));
      for (const id of updatedDuringFetch) {
        const fresh = current?.get(id);
        if (fresh) next.set(id, fresh);
      }
      current = next;
    } catch {
      // A failed lookup shows nothing (null), unless events already told us something.
    } finally {
      fetching = false;
      loaded = true;
      publish();
      if (fetchAgain && !stopped) {
        fetchAgain = false;
        void load();
      }
    }
  }

  const unsubscribes = ids.map((id) =>
    sources.socket.subscribe(
      presenceRoom(id),
      (event) => {
        const changed = eventPayload(presenceChanged, event);
        if (!changed || changed.id !== id) return;
        if (fetching) updatedDuringFetch.add(id);
        current = new Map(current ?? []);
        current.set(id, changed);
        publish();
      },
      // Each (re)confirmed room may have missed events: fetch again (one fetch for many rooms).
      { onSubscribed: () => void load() },
    ),
  );

  publish();
  void load();

  return () => {
    stopped = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/** The presence of `ids`, live, through the page's HTTP client and socket. Loading during server rendering. */
export function usePresence(ids: readonly number[]): PresenceState {
  const http = useHttpClient();
  const sources = useMemo<PresenceSources | null>(() => (typeof window === "undefined" ? null : { http, socket: pageSocketClient() }), [http]);
  return usePresenceFrom(ids, sources);
}

/** usePresence with the sources given (tests, or a page with its own socket); null waits. */
export function usePresenceFrom(ids: readonly number[], sources: PresenceSources | null): PresenceState {
  const idsKey = presenceIdsKey(ids);
  const [state, setState] = useState<PresenceState>({ loading: idsKey !== "", presence: null });

  useEffect(() => {
    if (!sources) return;
    return followPresence(idsKey, sources, setState);
  }, [idsKey, sources]);

  return state;
}
