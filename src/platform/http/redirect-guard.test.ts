import { describe, expect, it } from "vitest";
import { isAllowedLocation } from "./redirect-guard.server.ts";

describe("the Location guard", () => {
  it.each([
    ["/clubs", true],
    ["/clubs?x=1", true],
    ["https://kingside.test/clubs", true],
    ["https://evil.example/", false],
    ["//evil.example", false],
    ["/.//evil.example", false],
    ["/%2e%2e//evil.example", false],
    ["/\\evil.example", false],
    ["\\\\evil.example", false],
    ["javascript:alert(1)", false],
  ])("%j allowed: %s", (location, allowed) => {
    expect(isAllowedLocation(location, "kingside.test")).toBe(allowed);
  });

  it.each([
    ["https://kingside.test/clubs", true],
    ["https://schach.kingside.test/clubs", true],
    ["https://verify.kingside.test/", true],
    ["https://evil.example/clubs", false],
    ["https://evil.kingside.test/", false],
    ["https://kingside.test.evil.example/", false],
    ["https://kingside.test@evil.example/", false],
  ])("with a configured site, %j allowed: %s, whatever the request's Host", (location, allowed) => {
    expect(isAllowedLocation(location, "evil.example", "kingside.test")).toBe(allowed);
  });
});
