import { describe, expect, it } from "vitest";
import { parseServerMessage } from "../../platform/realtime/protocol.ts";
import { createEventCatalog } from "../../platform/realtime/protocol-schemas.server.ts";
import { presenceRoom, presenceRoomKind } from "./presence.realtime.ts";
import { presenceRealtime } from "./presence.realtime.schema.ts";
import { maxPresenceIds, parsePresenceIds } from "./presence-ids.ts";
import { presenceActivitySchema } from "./presence.schema.ts";

const range = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

describe("parsePresenceIds", () => {
  it("reads a comma list, collapsing duplicates and keeping the first order", () => {
    expect(parsePresenceIds("3,1,2")).toEqual({ ok: true, ids: [3, 1, 2] });
    expect(parsePresenceIds(" 5 , 5,6,5 ")).toEqual({ ok: true, ids: [5, 6] });
    expect(parsePresenceIds(["1,2", "3"])).toEqual({ ok: true, ids: [1, 2, 3] });
  });

  it(`takes at most ${maxPresenceIds} distinct ids`, () => {
    expect(parsePresenceIds(range(25).join(","))).toEqual({ ok: true, ids: range(25) });
    expect(parsePresenceIds(range(26).join(","))).toEqual({ ok: false, error: "ids_too_many" });
    expect(parsePresenceIds([...range(25), 1, 2, 3].join(","))).toEqual({ ok: true, ids: range(25) });
  });

  it("refuses missing, empty and non-numeric ids", () => {
    for (const raw of [undefined, null, "", "  ", 5, {}]) expect(parsePresenceIds(raw), JSON.stringify(raw) ?? "undefined").toEqual({ ok: false, error: "ids_missing" });
    for (const raw of ["1,a", "1,,2", "1.5", "-1", "0", "1e3", "0x10", "2147483648", "99999999999", "1;2"]) {
      expect(parsePresenceIds(raw), raw).toEqual({ ok: false, error: "ids_invalid" });
    }
    expect(parsePresenceIds("2147483647")).toEqual({ ok: true, ids: [2147483647] });
  });
});

describe("presenceActivitySchema", () => {
  it("fills in empty lists and refuses unknown sources, bad ids and extra fields", () => {
    expect(presenceActivitySchema.parse({ activity: "playing", context: { games: [{ source: "daily", id: "9", numericId: 9 }] } })).toEqual({
      activity: "playing",
      context: { games: [{ source: "daily", id: "9", numericId: 9 }], battles: [] },
    });
    expect(presenceActivitySchema.safeParse({ activity: "playing", context: { games: [{ source: "bullet", id: "9", numericId: 9 }] } }).success).toBe(false);
    expect(presenceActivitySchema.safeParse({ activity: "playing", context: { battles: [{ id: "../x" }] } }).success).toBe(false);
    expect(presenceActivitySchema.safeParse({ activity: "none", context: {} }).success).toBe(false);
  });
});

describe("presence on the socket protocol", () => {
  const presence = { id: 5, status: "online", statusAt: "2026-05-01T12:00:00.000Z", statusAtUncertain: false, activity: "none", activityContext: { games: [], battles: [] }, streaming: false };

  it("has a public room per member, and only for member ids", async () => {
    expect(presenceRoom(5)).toBe("presence:5");
    const anyone = { socketId: "s", memberId: null, username: null, level: 0, sessionId: null, locale: "en", address: "127.0.0.1" };
    expect(await presenceRoomKind.access(anyone, "5")).toBe(true);
    for (const id of [null, "0", "05", "x", "12345678901"]) expect(await presenceRoomKind.access(anyone, id), String(id)).toBe(false);
  });

  it("reads presence.changed events and drops malformed ones", () => {
    const frame = (payload: unknown) => JSON.stringify({ type: "event", data: { room: "presence:5", type: "presence.changed", payload } });
    const catalog = createEventCatalog(presenceRealtime.events);
    expect(parseServerMessage(frame(presence), catalog)).toEqual({ type: "event", data: { room: "presence:5", type: "presence.changed", payload: presence } });
    expect(parseServerMessage(frame({ ...presence, status: "away" }), catalog)).toBeUndefined();
    expect(parseServerMessage(frame({ ...presence, statusAt: "yesterday" }), catalog)).toBeUndefined();
  });
});
