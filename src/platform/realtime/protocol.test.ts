import { describe, expect, it } from "vitest";
import { isRoomName, maxClientMessageBytes, parseClientMessage, parseServerMessage, roomName } from "./protocol.ts";

describe("room names", () => {
  it("builds and accepts the known room kinds", () => {
    expect(roomName("game", 42)).toBe("game:42");
    expect(roomName("user", "abc_D-9")).toBe("user:abc_D-9");
    expect(roomName("tv")).toBe("tv");
    expect(roomName("presence")).toBe("presence");
    for (const room of ["club:7", "demo:x", "tv", "presence"]) expect(isRoomName(room)).toBe(true);
  });

  it("rejects unknown kinds, missing ids and odd characters", () => {
    for (const room of ["lobby", "game:", "game", "tv:1", "game:1:2", "game:a b", `game:${"x".repeat(65)}`, "GAME:1", 5]) {
      expect(isRoomName(room)).toBe(false);
    }
    expect(() => roomName("game", "a/b")).toThrow(/Invalid game room id/);
  });
});

describe("parseClientMessage", () => {
  it("accepts the three client messages", () => {
    expect(parseClientMessage('{"type":"subscribe","data":{"room":"game:1"}}')).toEqual({ ok: true, value: { type: "subscribe", data: { room: "game:1" } } });
    expect(parseClientMessage('{"type":"unsubscribe","data":{"room":"tv"}}').ok).toBe(true);
    expect(parseClientMessage('{"type":"ping","data":{"t":12.5}}').ok).toBe(true);
  });

  it("rejects unknown types, invalid rooms, extra fields and non-JSON", () => {
    for (const raw of [
      '{"type":"publish","data":{"room":"tv"}}',
      '{"type":"subscribe","data":{"room":"nope:1"}}',
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
  it("types known events and validates their payloads", () => {
    const raw = JSON.stringify({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: "hi", from: "A" } } });
    expect(parseServerMessage(raw)).toEqual({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: "hi", from: "A" } } });
    const badPayload = JSON.stringify({ type: "event", data: { room: "demo:x", type: "demo.echo", payload: { text: 1 } } });
    expect(parseServerMessage(badPayload)).toBeUndefined();
  });

  it("skips event types this client does not know (a newer server)", () => {
    const raw = JSON.stringify({ type: "event", data: { room: "tv", type: "tv.future", payload: {} } });
    expect(parseServerMessage(raw)).toBeUndefined();
  });
});
