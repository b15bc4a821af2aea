import { describe, expect, it } from "vitest";
import { describeUncaught, ERROR_REPORTING_PATH, installBrowserErrorReporting } from "./browser-errors.ts";

function uncaughtError(error: unknown): Event {
  return Object.assign(new Event("error"), { error, message: error instanceof Error ? error.message : String(error) });
}

function unhandledRejection(reason: unknown): Event {
  return Object.assign(new Event("unhandledrejection"), { reason });
}

function installed() {
  const target = new EventTarget();
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const stop = installBrowserErrorReporting({
    user: { id: 7, username: "alice" },
    target,
    userAgent: "TestBrowser/1",
    send: (path, body) => sent.push({ path, body: JSON.parse(body) as Record<string, unknown> }),
  });
  return { target, sent, stop };
}

describe("browser error reporting", () => {
  it("sends an uncaught error and an unhandled rejection to /error-reporting/web with the spec's fields", () => {
    const { target, sent } = installed();
    target.dispatchEvent(uncaughtError(new TypeError("x is undefined")));
    target.dispatchEvent(unhandledRejection(new Error("the promise failed")));
    expect(sent.map((report) => report.path)).toEqual([ERROR_REPORTING_PATH, ERROR_REPORTING_PATH]);
    expect(sent[0]?.body).toMatchObject({ user: { id: 7, username: "alice" }, userAgent: "TestBrowser/1" });
    expect(String(sent[0]?.body.error)).toContain("TypeError: x is undefined");
    expect(String(sent[1]?.body.error)).toContain("the promise failed");
  });

  it("reports at once the error that loaded it, and later ones as they come", () => {
    const target = new EventTarget();
    const sent: string[] = [];
    installBrowserErrorReporting({ user: { id: null, username: "" }, target, userAgent: "TestBrowser/1", first: uncaughtError(new Error("the first")), send: (_path, body) => sent.push(String((JSON.parse(body) as { error: string }).error)) });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("the first");
    target.dispatchEvent(uncaughtError(new Error("the second")));
    expect(sent[1]).toContain("the second");
  });

  it("sends one error once, at most ten per page, and nothing once stopped", () => {
    const { target, sent, stop } = installed();
    target.dispatchEvent(uncaughtError(new Error("again")));
    target.dispatchEvent(uncaughtError(new Error("again")));
    expect(sent).toHaveLength(1);
    for (let index = 0; index < 20; index += 1) target.dispatchEvent(unhandledRejection(`failure ${index}`));
    expect(sent).toHaveLength(10);
    stop();
    const before = sent.length;
    target.dispatchEvent(uncaughtError(new Error("after stop")));
    expect(sent).toHaveLength(before);
  });

  it("describes what was thrown, whatever it is, and ignores an empty event", () => {
    expect(describeUncaught(unhandledRejection("plain text"))).toBe("plain text");
    expect(describeUncaught(unhandledRejection({ code: 42 }))).toBe('{"code":42}');
    expect(describeUncaught(unhandledRejection(undefined))).toBeNull();
  });
});
