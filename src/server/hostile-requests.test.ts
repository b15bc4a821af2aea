import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets } from "../test/databases.ts";
import { HttpSession } from "../test/http-session.ts";
import { appForSuite, rawRequest, type RunningApp } from "../test/start-app.ts";

/** Every log line the app writes, kept for the assertions. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
const MARKER = "hostilemarker";

function logText(): string {
  return logLines.join("");
}

describe.each(databaseTargets())("hostile requests on $name", (target) => {
  const suite = appForSuite(target, { logLevel: "info" }, { logStream });
  let app: RunningApp;
  let browser: HttpSession;
  beforeAll(() => {
    app = suite.current;
  });
  beforeEach(async () => {
    logLines.length = 0;
    browser = new HttpSession(app.baseUrl);
    await browser.request("GET", "/login");
  });

  async function expectRefused(response: { status: number; body: string }): Promise<void> {
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: "invalid_text", message: expect.any(String) });
    expect(logText()).not.toContain(MARKER);
  }

  it.each([
    ["a NUL byte", `${MARKER}\u0000`],
    ["a lone surrogate", `${MARKER}\uD800`],
  ])("refuses %s in a JSON body with 400, before the database or the log sees it", async (_name, hostile) => {
    const response = await browser.request("POST", "/login", { json: { username: hostile, password: "whatever-password" } });
    await expectRefused({ status: response.status, body: await response.text() });
  });

  it("refuses a NUL byte in a JSON key", async () => {
    const response = await browser.request("POST", "/login", { json: { username: "x", password: "y", [`${MARKER}\u0000`]: 1 } });
    await expectRefused({ status: response.status, body: await response.text() });
  });

  it("refuses a NUL byte in a form body", async () => {
    const response = await browser.request("POST", "/login", { form: { username: `${MARKER}\u0000`, password: "whatever", _token: browser.csrfToken } });
    await expectRefused({ status: response.status, body: await response.text() });
  });

  it.each([
    ["a query", `/member/alice?tab=${MARKER}%00`],
    ["a query name", `/member/alice?${MARKER}%00=1`],
    ["a page path", `/member/${MARKER}%00`],
    ["an API path", `/callback/user-popup/${MARKER}%00`],
    ["a broken encoding", `/member/${MARKER}%ED%A0%80`],
  ])("refuses a NUL byte or broken text in %s", async (_name, path) => {
    await expectRefused(await rawRequest(app.baseUrl, "GET", path, {}));
  });

  it("still serves ordinary text, accents and astral characters included", async () => {
    const response = await rawRequest(app.baseUrl, "GET", `/member/alice?q=${encodeURIComponent("é ♞ 𝄞")}`, {});
    expect(response.status).not.toBe(400);
  });

  it.each([
    ["an unknown POST path", "POST", "/no/such/place"],
    ["a POST to a page", "POST", "/clubs"],
    ["a PUT nobody serves", "PUT", "/clubs"],
  ])("answers %s from the JSON catalogue", async (_name, method, path) => {
    const response = await browser.request(method, path, { json: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });

  it("answers TRACE from the JSON catalogue", async () => {
    const response = await rawRequest(app.baseUrl, "TRACE", "/", {});
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: "not_found" });
  });

  it("answers an unsupported content type with 415 from the catalogue", async () => {
    const response = await rawRequest(app.baseUrl, "POST", "/login", { "content-type": "text/xml", cookie: `XSRF-TOKEN=${browser.csrfToken}` }, "<a/>");
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body)).toMatchObject({ code: "unsupported_media_type" });
    expect(logText()).not.toMatch(/"stack"/);
  });

  it("answers headers too large with 431 from the catalogue, with no stack in the log", async () => {
    const response = await rawRequest(app.baseUrl, "GET", "/clubs", { "x-padding": "p".repeat(40_000) });
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({ code: "headers_too_large" });
    expect(logText()).not.toMatch(/"stack"/);
  });
});
