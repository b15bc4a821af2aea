import { describe, expect, it } from "vitest";
import { chatLength, cleanChatText } from "./game-chat.schema.ts";

describe("chat text", () => {
  it("drops controls, bidi overrides and separators, collapses white space and trims", () => {
    expect(cleanChatText("  a\u0000b\tc\r\nd\u202eevil\u2066x\u2069\u2028y  ")).toBe("a b c d evil x y");
    expect(cleanChatText("\u200e \u00a0\n")).toBe("");
  });

  it("keeps what people write: accents (as NFC), emoji with joiners, markup as plain text", () => {
    expect(cleanChatText("cafe\u0301")).toBe("café");
    expect(cleanChatText("👩‍👩‍👧 gg")).toBe("👩‍👩‍👧 gg");
    expect(cleanChatText("<b>hi</b>")).toBe("<b>hi</b>");
  });

  it("counts code points, so an emoji is one character", () => {
    expect(chatLength("♟️")).toBe(2);
    expect(chatLength("😀😀")).toBe(2);
    expect(chatLength("abc")).toBe(3);
  });
});
