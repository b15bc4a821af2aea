import { describe, expect, it } from "vitest";
import { readWireMessages, serializeWireMessages, type SerializedWireMessages } from "./wire-messages.ts";

describe("a page's messages as one JSON text", () => {
  it("reads back what was serialized, once per text", () => {
    const text = serializeWireMessages({ "page.title": "Title", "page.count": [{ type: 1, value: "count" }] });
    const read = readWireMessages(text);
    expect(read).toEqual({ "page.title": "Title", "page.count": [{ type: 1, value: "count" }] });
    expect(readWireMessages(text)).toBe(read);
  });

  it("refuses a text that is not a catalog", () => {
    expect(() => readWireMessages("[1,2]" as SerializedWireMessages)).toThrow("not a message catalog");
    expect(() => readWireMessages('{"page.title":42}' as SerializedWireMessages)).toThrow("not a message catalog");
  });
});
