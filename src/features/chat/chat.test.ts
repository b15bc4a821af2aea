import { describe, expect, it } from "vitest";
import { chatLength, chatTextRefusal, cleanChatText } from "./chat-text.ts";
import { mergeChatLines } from "./chat-lines.ts";
import { floodWindowStart, isFlooding, CHAT_FLOOD_LINES, CHAT_FLOOD_WINDOW_MS } from "./chat-limits.ts";

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

  it("refuses an empty line and one over the chat's own limit, counted after cleaning", () => {
    expect(chatTextRefusal(cleanChatText(" \u0000 "), 5)).toBe("empty");
    expect(chatTextRefusal("abcdef", 5)).toBe("too_long");
    expect(chatTextRefusal("😀😀😀😀😀", 5)).toBeNull();
  });
});

describe("chat limits", () => {
  it("lets a member write until the window holds the flood limit's lines", () => {
    expect(isFlooding(CHAT_FLOOD_LINES - 1)).toBe(false);
    expect(isFlooding(CHAT_FLOOD_LINES)).toBe(true);
    expect(floodWindowStart(100_000).getTime()).toBe(100_000 - CHAT_FLOOD_WINDOW_MS);
  });
});

describe("mergeChatLines", () => {
  it("keeps each line once, the later copy, oldest first", () => {
    const line = (id: number, text: string) => ({ id, text });
    expect(mergeChatLines([line(3, "c"), line(1, "a")], [line(2, "b"), line(3, "c again")])).toEqual([line(1, "a"), line(2, "b"), line(3, "c again")]);
  });
});
