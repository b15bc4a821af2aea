import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HttpError, type HttpClient } from "../../platform/http/http-client.ts";
import type { RealtimeEvent, RoomName } from "../../platform/realtime/protocol.ts";
import type { RealtimeEventHandler, SocketClient, SubscribeOptions } from "../../platform/realtime/socket-client.ts";
import type { Presence } from "./presence.schema.ts";
import { presenceIdsKey, usePresenceFrom, type PresenceSources } from "./use-presence.ts";

const presence = (id: number, overrides: Partial<Presence> = {}): Presence => ({
  id,
  status: "offline",
  statusAt: "2026-05-01T12:00:00.000Z",
  statusAtUncertain: false,
  activity: "none",
  activityContext: { games: [], battles: [] },
  streaming: false,
  ...overrides,
});

interface Deferred {
  readonly query: unknown;
  resolve(body: unknown): void;
  reject(error: Error): void;
}

/** An HTTP client whose answers the test gives, one request at a time. */
function fakeHttp() {
  const requests: Deferred[] = [];
  const http: Pick<HttpClient, "request"> = {
    request<Answer = unknown>(_method: string, path: string, options: { query?: unknown } = {}): Promise<Answer> {
      if (path !== "/callback/presence") throw new Error(`unexpected path ${path}`);
      return new Promise((resolve, reject) => {
        // The answer stands for the server's JSON, typed as the caller asked (the client does not parse it).
        requests.push({ query: options.query, resolve: (body) => resolve(body as Answer), reject });
      });
    },
  };
  return { http, requests };
}

/** A socket client whose server the test plays. */
function fakeSocket() {
  const rooms = new Map<RoomName, { handler: RealtimeEventHandler; options: SubscribeOptions }>();
  const socket: Pick<SocketClient, "subscribe"> = {
    subscribe(room, handler, options = {}) {
      rooms.set(room, { handler, options });
      return () => rooms.delete(room);
    },
  };
  return {
    socket,
    rooms,
    confirm(room: RoomName) {
      rooms.get(room)?.options.onSubscribed?.();
    },
    emit(room: RoomName, payload: Presence) {
      const event: RealtimeEvent = { room, type: "presence.changed", payload };
      rooms.get(room)?.handler(event);
    },
  };
}

function setUp() {
  const { http, requests } = fakeHttp();
  const server = fakeSocket();
  const sources: PresenceSources = { http, socket: server.socket };
  return { sources, requests, server };
}

describe("usePresence", () => {
  it("fetches once, then follows each member's presence room", async () => {
    const { sources, requests, server } = setUp();
    const { result } = renderHook(() => usePresenceFrom([3, 4, 3], sources));
    expect(result.current).toEqual({ loading: true, presence: null });
    expect(requests.map((request) => request.query)).toEqual([{ ids: "3,4" }]);
    expect([...server.rooms.keys()]).toEqual(["presence:3", "presence:4"]);

    await act(async () => requests[0]?.resolve({ presence: [presence(3), presence(4)] }));
    expect(result.current.loading).toBe(false);
    expect(result.current.presence?.get(3)?.status).toBe("offline");

    act(() => server.emit("presence:3", presence(3, { status: "online", statusAt: "2026-05-01T12:05:00.000Z" })));
    expect(result.current.presence?.get(3)).toMatchObject({ status: "online", statusAt: "2026-05-01T12:05:00.000Z" });
    expect(result.current.presence?.get(4)?.status).toBe("offline");
  });

  it("gives null when the lookup fails (spec: presence failure gives null)", async () => {
    const { sources, requests } = setUp();
    const { result } = renderHook(() => usePresenceFrom([8], sources));
    await act(async () => requests[0]?.reject(new HttpError(422, "validation_failed", "no", null)));
    expect(result.current).toEqual({ loading: false, presence: null });
  });

  it("keeps an event that arrived during the fetch over the fetched answer", async () => {
    const { sources, requests, server } = setUp();
    const { result } = renderHook(() => usePresenceFrom([5], sources));
    act(() => server.emit("presence:5", presence(5, { status: "online", activity: "playing", activityContext: { games: [{ source: "live", id: "1", numericId: 1 }], battles: [] } })));
    await act(async () => requests[0]?.resolve({ presence: [presence(5)] }));
    expect(result.current.presence?.get(5)).toMatchObject({ status: "online", activity: "playing" });
  });

  it("fetches again when a room is confirmed again (after a reconnect), one fetch at a time", async () => {
    const { sources, requests, server } = setUp();
    const { result } = renderHook(() => usePresenceFrom([1, 2], sources));
    // Both rooms confirmed while the first fetch runs: one more fetch, not two.
    server.confirm("presence:1");
    server.confirm("presence:2");
    await act(async () => requests[0]?.resolve({ presence: [presence(1), presence(2)] }));
    expect(requests).toHaveLength(2);
    await act(async () => requests[1]?.resolve({ presence: [presence(1, { status: "online" }), presence(2)] }));
    expect(result.current.presence?.get(1)?.status).toBe("online");

    // A reconnect re-confirms the rooms: the state is fetched again.
    await act(async () => server.confirm("presence:1"));
    expect(requests).toHaveLength(3);
    await act(async () => requests[2]?.resolve({ presence: [presence(1), presence(2, { status: "online" })] }));
    await waitFor(() => expect(result.current.presence?.get(2)?.status).toBe("online"));
    expect(result.current.presence?.get(1)?.status).toBe("offline");
  });

  it("leaves the rooms when the ids change or the component goes", async () => {
    const { sources, requests, server } = setUp();
    const { rerender, unmount } = renderHook(({ ids }) => usePresenceFrom(ids, sources), { initialProps: { ids: [1] } });
    rerender({ ids: [2] });
    expect([...server.rooms.keys()]).toEqual(["presence:2"]);
    expect(requests.map((request) => request.query)).toEqual([{ ids: "1" }, { ids: "2" }]);
    unmount();
    expect(server.rooms.size).toBe(0);
  });

  it("needs no request for no ids", () => {
    const { sources, requests } = setUp();
    const { result } = renderHook(() => usePresenceFrom([], sources));
    expect(result.current).toEqual({ loading: false, presence: new Map() });
    expect(requests).toHaveLength(0);
  });
});

describe("presenceIdsKey", () => {
  it("keeps positive whole ids once each, at most 25", () => {
    expect(presenceIdsKey([3, 1, 3, -1, 0, 2.5, 2])).toBe("3,1,2");
    expect(presenceIdsKey(Array.from({ length: 30 }, (_, index) => index + 1)).split(",")).toHaveLength(25);
  });
});
