import { describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../http/http-client.ts";
import { createChallengeHandler, HumanCheckError, type ChallengeHandlerOptions } from "./challenge-handler.ts";
import type { HumanCheckOutcome, HumanCheckRunOptions } from "./human-check-run.ts";
import { requestUrl } from "../../../test/fetch-input.ts";

/** A widget run the test finishes by hand. */
function scriptedRun() {
  const runs: { options: HumanCheckRunOptions; pass: () => void; fail: () => void; error: () => void }[] = [];
  const run = vi.fn(
    (options: HumanCheckRunOptions) =>
      new Promise<HumanCheckOutcome>((resolve, reject) => {
        runs.push({ options, pass: () => resolve("passed"), fail: () => resolve("failed"), error: () => reject(new Error("network down")) });
      }),
  );
  return { run, runs, last: () => runs[runs.length - 1] };
}

function setup(overrides: Partial<ChallengeHandlerOptions> = {}) {
  const widget = scriptedRun();
  const navigate = vi.fn();
  const onGiveUp = vi.fn();
  const handler = createChallengeHandler({
    run: widget.run,
    navigate,
    currentLocation: () => ({ path: "/clubs?page=2", referrer: "/home" }),
    ...overrides,
  });
  handler.subscribeGiveUp(onGiveUp);
  return { handler, widget, navigate, onGiveUp };
}

/** A fake request: the retry answers with a response naming it, and counts its calls. */
function fakeRequest(name: string) {
  return vi.fn(async () => new Response(name, { status: 200 }));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the managed-challenge handler", () => {
  it("opens the dialog for the first challenged request, queues the others, and waits for the box", async () => {
    const { handler, widget } = setup();
    const listener = vi.fn();
    handler.subscribe(listener);
    expect(handler.getState().phase).toBe("closed");
    void handler.onChallenge(fakeRequest("a"));
    void handler.onChallenge(fakeRequest("b"));
    expect(handler.getState()).toMatchObject({ phase: "waiting", queued: 2 });
    expect(listener).toHaveBeenCalled();
    await settle();
    expect(widget.run).not.toHaveBeenCalled();
    handler.start();
    handler.start();
    expect(handler.getState().phase).toBe("working");
    expect(widget.run).toHaveBeenCalledTimes(1);
  });

  it("replays every queued request once after a pass, each caller getting its own response, and closes", async () => {
    const { handler, widget } = setup();
    const retryA = fakeRequest("a");
    const retryB = fakeRequest("b");
    const first = handler.onChallenge(retryA);
    const second = handler.onChallenge(retryB);
    handler.start();
    // A request challenged while the widget works joins the queue too.
    const retryC = fakeRequest("c");
    const third = handler.onChallenge(retryC);
    expect(handler.getState()).toMatchObject({ phase: "working", queued: 3 });
    expect(retryA).not.toHaveBeenCalled();
    widget.last()?.pass();
    expect(await Promise.all([first, second, third].map(async (response) => (await response).text()))).toEqual(["a", "b", "c"]);
    for (const retry of [retryA, retryB, retryC]) expect(retry).toHaveBeenCalledTimes(1);
    expect(handler.getState()).toMatchObject({ phase: "closed", queued: 0, errors: 0 });
  });

  it("passes a replay's own failure to its caller", async () => {
    const { handler, widget } = setup();
    const broken = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const request = handler.onChallenge(broken);
    handler.start();
    widget.last()?.pass();
    await expect(request).rejects.toThrow("offline");
  });

  it("shows progress from the widget", async () => {
    const { handler, widget } = setup();
    void handler.onChallenge(fakeRequest("a"));
    handler.start();
    widget.last()?.options.onProgress?.(0.42);
    expect(handler.getState().progress).toBe(0.42);
  });

  it("lets the member try again after a widget error, and replays after a later pass", async () => {
    const { handler, widget } = setup();
    const retry = fakeRequest("a");
    const request = handler.onChallenge(retry);
    handler.start();
    widget.last()?.error();
    await settle();
    expect(handler.getState()).toMatchObject({ phase: "waiting", errors: 1, queued: 1 });
    handler.start();
    widget.last()?.error();
    await settle();
    expect(handler.getState()).toMatchObject({ phase: "waiting", errors: 2 });
    handler.start();
    widget.last()?.pass();
    expect(await (await request).text()).toBe("a");
    expect(widget.run).toHaveBeenCalledTimes(3);
  });

  it("rejects every queued request after 3 widget errors, replaying none", async () => {
    const { handler, widget, onGiveUp, navigate } = setup();
    const retries = [fakeRequest("a"), fakeRequest("b")];
    const requests = retries.map((retry) => handler.onChallenge(retry));
    const outcomes = Promise.allSettled(requests);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      handler.start();
      widget.last()?.error();
      await settle();
    }
    const settled = await outcomes;
    for (const outcome of settled) {
      expect(outcome.status).toBe("rejected");
      if (outcome.status === "rejected") {
        expect(outcome.reason).toBeInstanceOf(HumanCheckError);
        expect(outcome.reason).toMatchObject({ reason: "too_many_errors" });
      }
    }
    for (const retry of retries) expect(retry).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(handler.getState()).toMatchObject({ phase: "closed", queued: 0, errors: 0 });
    // A later challenge starts a fresh round.
    void handler.onChallenge(fakeRequest("c"));
    expect(handler.getState()).toMatchObject({ phase: "waiting", errors: 0, queued: 1 });
  });

  it("sends the browser to the verification page with the current path and the referrer when the widget fails without a pass", async () => {
    const { handler, widget, navigate } = setup();
    const retry = fakeRequest("a");
    const request = handler.onChallenge(retry);
    handler.start();
    widget.last()?.fail();
    await expect(request).rejects.toMatchObject({ reason: "failed" });
    expect(navigate).toHaveBeenCalledWith("/verification?redirect=%2Fclubs%3Fpage%3D2&referer=%2Fhome");
    expect(retry).not.toHaveBeenCalled();
    expect(handler.getState().phase).toBe("closed");
  });

  it("leaves the referer out when there is none, and keeps the page's language prefix", async () => {
    const { handler, widget, navigate } = setup({ currentLocation: () => ({ path: "/es/register", referrer: null }) });
    void handler.onChallenge(fakeRequest("a")).catch(() => undefined);
    handler.start();
    widget.last()?.fail();
    await settle();
    expect(navigate).toHaveBeenCalledWith("/es/verification?redirect=%2Fes%2Fregister");
  });

  it("sends a failed check to the verification page on the verify subdomain (spec 001 §2.6)", async () => {
    const { handler, widget, navigate } = setup({ verifyOrigin: "https://verify.kingside.test" });
    void handler.onChallenge(fakeRequest("a")).catch(() => undefined);
    handler.start();
    widget.last()?.fail();
    await settle();
    expect(navigate).toHaveBeenCalledWith("https://verify.kingside.test/verification?redirect=%2Fclubs%3Fpage%3D2&referer=%2Fhome");
  });

  it("rejects the queue when the dialog is closed, and stops the running widget", async () => {
    const { handler, widget } = setup();
    const retry = fakeRequest("a");
    const request = handler.onChallenge(retry);
    handler.start();
    const signal = widget.last()?.options.signal;
    handler.cancel();
    await expect(request).rejects.toMatchObject({ reason: "cancelled" });
    expect(signal?.aborted).toBe(true);
    // The aborted run finishing late changes nothing.
    widget.last()?.pass();
    await settle();
    expect(retry).not.toHaveBeenCalled();
    expect(handler.getState().phase).toBe("closed");
  });
});

describe("the handler in the HTTP client", () => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  it("queues two challenged calls behind one dialog and resolves both with the replayed answers", async () => {
    const { handler, widget } = setup();
    const challenged = () => json(403, { code: "challenge_required", message: "Please confirm that you are human to continue." }, { "x-kingside-challenge": "1" });
    const answers = new Map<string, Response[]>([
      ["/callback/report-user", [challenged(), json(200, { report: "sent" })]],
      ["/register", [challenged(), json(200, { status: "ok" })]],
    ]);
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      const next = answers.get(requestUrl(input))?.shift();
      if (!next) throw new Error(`no answer left for ${requestUrl(input)}`);
      return next;
    });
    const notifyError = vi.fn();
    const client = createHttpClient({ fetch: fetchImpl, readCookie: () => "token", onChallenge: handler.onChallenge, notifyError });
    const report = client.post<{ report: string }>("/callback/report-user", { abuser_username: "bob" });
    const register = client.post<{ status: string }>("/register", { username: "newbie" });
    await settle();
    expect(handler.getState()).toMatchObject({ phase: "waiting", queued: 2 });
    handler.start();
    widget.last()?.pass();
    await expect(report).resolves.toEqual({ report: "sent" });
    await expect(register).resolves.toEqual({ status: "ok" });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    expect(notifyError).not.toHaveBeenCalled();
  });
});
