import { describe, expect, it } from "vitest";
import { httpDate, isNotModified, strongEtag } from "./conditional-get.ts";

describe("conditional GET", () => {
  const etag = strongEtag('{"a":1}');
  const lastModified = Date.UTC(2025, 11, 31, 21, 40, 0) / 1000;

  it("makes a strong, quoted tag that follows the body's bytes", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(strongEtag('{"a":1}')).toBe(etag);
    expect(strongEtag('{"a":2}')).not.toBe(etag);
  });

  it("writes HTTP dates", () => {
    expect(httpDate(lastModified)).toBe("Wed, 31 Dec 2025 21:40:00 GMT");
  });

  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ["*", true],
    ['"other"', false],
    ["", false],
  ])("If-None-Match %s -> not modified: %s", (ifNoneMatch, expected) => {
    expect(isNotModified({ ifNoneMatch }, { etag, lastModified })).toBe(expected);
  });

  it.each([
    [httpDate(lastModified), true],
    [httpDate(lastModified + 60), true],
    [httpDate(lastModified - 1), false],
    ["not a date", false],
  ])("If-Modified-Since %s -> not modified: %s", (ifModifiedSince, expected) => {
    expect(isNotModified({ ifModifiedSince }, { etag, lastModified })).toBe(expected);
  });

  it("lets If-None-Match decide when both are sent", () => {
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: httpDate(lastModified) }, { etag, lastModified })).toBe(false);
    expect(isNotModified({ ifNoneMatch: etag, ifModifiedSince: httpDate(lastModified - 100) }, { etag, lastModified })).toBe(true);
  });

  it("ignores If-Modified-Since for a resource without a date, and answers in full without conditions", () => {
    expect(isNotModified({ ifModifiedSince: httpDate(lastModified) }, { etag })).toBe(false);
    expect(isNotModified({}, { etag, lastModified })).toBe(false);
  });
});
