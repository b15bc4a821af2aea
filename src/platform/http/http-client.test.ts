import { describe, expect, it, vi } from "vitest";
import { BAD_REQUEST_MESSAGE, booleansAsNumbers, createHttpClient, HttpError, randomRequestId, REQUEST_ID_LENGTH } from "./http-client.ts";
import { bodyText, requestUrl } from "../../test/fetch-input.ts";

type Call = { url: string; init: RequestInit };

/** A scripted server: answers in order and records what the client sent. */
function scriptedFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: requestUrl(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error("no scripted response left");
    return next;
  });
  return { calls, fetch: fetchImpl };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const headerOf = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);
const bodyOf = (call: Call | undefined): unknown => JSON.parse(bodyText(call?.init.body));

describe("the browser HTTP client", () => {
  it("adds the CSRF header and _token to state-changing calls, booleans as 0/1", async () => {
    const server = scriptedFetch(json(200, { ok: 1 }));
    const client = createHttpClient({ fetch: server.fetch, readCookie: () => "tok123" });
    await client.post<{ ok: number }>("/callback/user/archive-view", { archiveView: "list", remember: true });
    expect(headerOf(server.calls[0], "x-xsrf-token")).toBe("tok123");
    expect(bodyOf(server.calls[0])).toEqual({ archiveView: "list", remember: 1, _token: "tok123" });
  });

  it("adds no token to GETs or to service paths", async () => {
    const server = scriptedFetch(json(200, {}), json(200, {}));
    const client = createHttpClient({ fetch: server.fetch, readCookie: () => "tok" });
    await client.get("/callback/user/notes", { page: 2, mine: false });
    await client.post("/service/settings/users/me", { a: 1 });
    expect(server.calls[0]?.url).toBe("/callback/user/notes?page=2&mine=0");
    expect(headerOf(server.calls[0], "x-xsrf-token")).toBeNull();
    expect(bodyOf(server.calls[1])).toEqual({ a: 1 });
  });

  it("retries a 403 once with the fresh token it carries", async () => {
    const server = scriptedFetch(json(403, { code: "csrf_token_invalid", message: "expired" }, { "x-csrf-token": "fresh" }), json(200, { done: true }));
    const client = createHttpClient({ fetch: server.fetch, readCookie: () => "stale" });
    await expect(client.post<{ done: boolean }>("/callback/x")).resolves.toEqual({ done: true });
    expect(server.calls).toHaveLength(2);
    expect(headerOf(server.calls[1], "x-xsrf-token")).toBe("fresh");
  });

  it("does not retry a second time", async () => {
    const stale = () => json(403, { message: "expired" }, { "x-csrf-token": "fresh" });
    const server = scriptedFetch(stale(), stale());
    const client = createHttpClient({ fetch: server.fetch, readCookie: () => "stale", notifyError: () => undefined });
    await expect(client.post("/callback/x")).rejects.toBeInstanceOf(HttpError);
    expect(server.calls).toHaveLength(2);
  });

  it("toasts the server message, else the bad-request text, and nothing on 401", async () => {
    const notifyError = vi.fn();
    const server = scriptedFetch(json(422, { code: "validation_failed", message: "Your status must be 50 characters or less" }), new Response("", { status: 500, statusText: "Server Error" }), json(401, { message: "log in" }));
    const client = createHttpClient({ fetch: server.fetch, readCookie: () => null, notifyError });
    await expect(client.post("/callback/user/set-status")).rejects.toMatchObject({ status: 422, code: "validation_failed" });
    await expect(client.get("/callback/x")).rejects.toMatchObject({ status: 500 });
    await expect(client.get("/callback/y")).rejects.toMatchObject({ status: 401 });
    expect(notifyError.mock.calls).toEqual([["Your status must be 50 characters or less"], [BAD_REQUEST_MESSAGE]]);
  });

  it("hands a success answer over as parsed JSON, and an empty one as null (the types are the route's DTOs; nothing is parsed twice)", async () => {
    const server = scriptedFetch(json(200, { count: 3, members: [{ name: "alice" }] }), new Response(null, { status: 204 }));
    const client = createHttpClient({ fetch: server.fetch });
    await expect(client.get<{ count: number }>("/callback/count")).resolves.toEqual({ count: 3, members: [{ name: "alice" }] });
    await expect(client.delete("/callback/count")).resolves.toBeNull();
  });

  it("sends the client identity and, when asked, a 32-character request id", async () => {
    const server = scriptedFetch(json(200, {}), json(200, {}));
    await createHttpClient({ fetch: server.fetch, sendRequestId: true }).get("/a");
    await createHttpClient({ fetch: server.fetch }).get("/b");
    expect(headerOf(server.calls[0], "x-kingside-client")).toBe("kingside-web");
    expect(headerOf(server.calls[0], "x-request-id")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(headerOf(server.calls[1], "x-request-id")).toBeNull();
  });

  it("converts nested booleans", () => {
    expect(booleansAsNumbers({ a: true, b: [false, { c: true }], d: "x", e: null })).toEqual({ a: 1, b: [0, { c: 1 }], d: "x", e: null });
    expect(randomRequestId()).toHaveLength(REQUEST_ID_LENGTH);
  });
});
