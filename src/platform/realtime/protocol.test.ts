import { describe, expect, it } from "vitest";
import { demoRealtime } from "./demo-room.ts";
import { isRoomName, maxClientMessageBytes, parseRoomName, parseServerMessage, roomName } from "./protocol.ts";
import { createEventCatalog, parseClientMessage, parseServerFrame } from "./protocol-schemas.server.ts";

describe("room names", () => {
  it("builds and accepts `kind` and `kind:id` of any well-formed kind", () => {
    expect(roomName("game", 42)).toBe("game:42");
    expect(roomName("user", "abc_D-9")).toBe("user:abc_D-9");
    expect(roomName("tv")).toBe("tv");
    for (const room of ["club:7", "demo:x", "tv", "lobby", "team-match:3"]) expect(isRoomName(room)).toBe(true);
    expect(parseRoomName("club:7")).toEqual({ kind: "club", id: "7" });
    expect(parseRoomName("tv")).toEqual({ kind: "tv", id: null });
  });

  it("rejects missing ids, odd characters and odd kinds", () => {
    for (const room of ["game:", ":1", "game:1:2", "game:a b", `game:${"x".repeat(65)}`, "GAME:1", "9game:1", `${"k".repeat(33)}:1`, 5]) {
      expect(isRoomName(room)).toBe(false);
    }
    expect(() => roomName("game", "a/b")).toThrow(/Invalid game room id/);
    expect(() => roomName("Game")).toThrow(/Invalid room kind/);
  });
});

describe("parseClientMessage", () => {
  it("accepts the four client messages", () => {
    expect(parseClientMessage('{"type":"command","data":{"id":"r-1","name":"game.move","input":{"uci":"e2e4"}}}')).toEqual({
      ok: true,
      value: { type: "command", data: { id: "r-1", name: "game.move", input: { uci: "e2e4" } } },
    });
    expect(parseClientMessage('{"type":"subscribe","data":{"room":"game:1"}}')).toEqual({ ok: true, value: { type: "subscribe", data: { room: "game:1" } } });
    expect(parseClientMessage('{"type":"unsubscribe","data":{"room":"tv"}}').ok).toBe(true);
    expect(parseClientMessage('{"type":"ping","data":{"t":12.5}}').ok).toBe(true);
  });

  it("rejects unknown types, invalid rooms, extra fields and non-JSON", () => {
    for (const raw of [
      '{"type":"publish","data":{"room":"tv"}}',
      '{"type":"command","data":{"id":"has space","name":"game.move","input":1}}',
      '{"type":"command","data":{"id":"1","name":"Game Move","input":1}}',
      '{"type":"subscribe","data":{"room":"nope:1:2"}}',
      '{"type":"subscribe","data":{"room":"tv","extra":1}}',
      '{"type":"ping","data":{"t":"now"}}',
      '{"type":"ping"}',
      "[]",
      "not json",
    ]) {
      const result = parseClientMessage(raw);
      expect(result.ok, raw).toBe(false);
      if (!result.ok) expect(result.code).toBe("bad_message");
    }
  });

  it("rejects messages over 4 KB, counting UTF-8 bytes", () => {
    const padded = (text: string) => `{"type":"ping","data":{"t":1},"pad":"${text}"}`;
    expect(parseClientMessage(padded("a".repeat(maxClientMessageBytes)))).toMatchObject({ ok: false, code: "message_too_large" });
    // 1500 characters of 3 bytes each: under 4096 characters, over 4096 bytes.
    expect(parseClientMessage(padded("€".repeat(1500)))).toMatchObject({ ok: false, code: "message_too_large" });
  });
});

describe("parseServerMessage", () => {
  const catalog = createEventCatalog(demoRealtime.events);

  it("reads events with their optional version, and checks payloads against a catalog", () => {
    const raw = JSON.stringify({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: "hi", from: "A" }, version: 3 } });
    expect(parseServerMessage(raw, catalog)).toEqual({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: "hi", from: "A" }, version: 3 } });
    const badPayload = JSON.stringify({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: 1 } } });
    expect(parseServerMessage(badPayload, catalog)).toBeUndefined();
    expect(parseServerMessage(badPayload)).toMatchObject({ type: "event", data: { payload: { text: 1 } } });
  });

  it("skips event types the catalog does not know (a newer server)", () => {
    const raw = JSON.stringify({ type: "event", data: { room: "tv", type: "tv.future", payload: {} } });
    expect(parseServerMessage(raw, catalog)).toBeUndefined();
  });

  it("reads acks and refusals", () => {
    expect(parseServerMessage('{"type":"ack","data":{"id":"r1","result":{"x":1}}}')).toEqual({ type: "ack", data: { id: "r1", result: { x: 1 } } });
    expect(parseServerMessage('{"type":"refusal","data":{"id":"r1","code":"not_your_turn"}}')).toEqual({ type: "refusal", data: { id: "r1", code: "not_your_turn" } });
  });

  it("drops frames the client could not act on: not JSON, unknown types, a missing room, id or code, a bad version", () => {
    for (const raw of [
      "not json",
      "[]",
      '{"type":"broadcast","data":{}}',
      '{"type":"ack"}',
      '{"type":"ack","data":{"result":1}}',
      '{"type":"subscribed","data":{"room":"no room"}}',
      '{"type":"refusal","data":{"id":"r1"}}',
      '{"type":"event","data":{"room":"tv","payload":{}}}',
      '{"type":"event","data":{"room":"tv","type":"tv.x","payload":{},"version":-1}}',
      '{"type":"hasOwnProperty","data":{}}',
    ]) {
      expect(parseServerMessage(raw), raw).toBeUndefined();
    }
  });
});

describe("parseServerFrame (the contract of what the hub sends, for tests)", () => {
  it("also holds the fields the client does not act on to the protocol's schema", () => {
    expect(parseServerFrame('{"type":"refusal","data":{"id":"r1","code":"not_your_turn","values":{"n":1}}}')).toEqual({
      type: "refusal",
      data: { id: "r1", code: "not_your_turn", values: { n: 1 } },
    });
    for (const raw of [
      '{"type":"refusal","data":{"id":"r1","code":"Bad Code"}}',
      '{"type":"ack","data":{"id":"has space","result":1}}',
      '{"type":"error","data":{"code":"teapot","message":"x"}}',
      '{"type":"hello","data":{"instanceId":"a"}}',
      '{"type":"pong","data":{"t":1,"extra":true}}',
    ]) {
      expect(parseServerMessage(raw), raw).toBeDefined();
      expect(parseServerFrame(raw), raw).toBeUndefined();
    }
  });
});

describe("createEventCatalog", () => {
  it("refuses an event type defined twice", () => {
    expect(() => createEventCatalog([...demoRealtime.events, ...demoRealtime.events])).toThrow(/defined twice/);
  });
});
