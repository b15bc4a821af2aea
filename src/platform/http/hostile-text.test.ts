import { describe, expect, it } from "vitest";
import { containsHostileText, isCleanRequestTarget, isHostileText } from "./hostile-text.ts";

describe("hostile text", () => {
  it.each([
    ["plain", false],
    ["ünïcødé ♞ 𝄞", false],
    ["a\u0000b", true],
    ["lone high \uD83D", true],
    ["lone low \uDC00 here", true],
    ["\uDC00\uD800", true],
  ])("%j hostile: %s", (text, hostile) => {
    expect(isHostileText(text)).toBe(hostile);
  });

  it("finds hostile strings in nested values and keys", () => {
    expect(containsHostileText({ a: [1, { b: "fine" }] })).toBe(false);
    expect(containsHostileText({ a: [1, { b: "x\u0000" }] })).toBe(true);
    expect(containsHostileText({ ["k\uD800"]: 1 })).toBe(true);
    let deep: unknown = "x";
    for (let level = 0; level < 40; level += 1) deep = [deep];
    expect(containsHostileText(deep)).toBe(true);
  });

  it.each([
    ["/member/alice?tab=games&q=a+b", true],
    ["/member/%C3%A9", true],
    ["/member/a%00b", false],
    ["/member/x?name=a%00", false],
    ["/member/x?a%00=1", false],
    ["/x?q=%ED%A0%80", false],
    ["/x?q=%FF", false],
    ["/x%E9", false],
  ])("request target %s clean: %s", (url, clean) => {
    expect(isCleanRequestTarget(url)).toBe(clean);
  });
});
