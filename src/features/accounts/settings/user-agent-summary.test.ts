import { describe, expect, it } from "vitest";
import { summariseUserAgent } from "./user-agent-summary.ts";

describe("summariseUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome", "Linux", false],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0", "Edge", "Windows", false],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari", "macOS", false],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari", "iOS", true],
    ["Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", "Firefox", "Android", true],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36", "Chrome", "Linux", false],
  ])("reads %s", (agent, browser, os, mobile) => {
    expect(summariseUserAgent(agent)).toEqual({ browser, os, mobile });
  });

  it("knows nothing about an empty or unknown agent", () => {
    expect(summariseUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(summariseUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null, mobile: false });
  });
});
