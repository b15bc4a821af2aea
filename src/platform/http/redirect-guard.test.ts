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
});
