import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../http/http-client.ts";
import { createHumanCheckRun } from "./human-check-run.ts";
import { leadingZeroBits, workInput } from "./proof-of-work.ts";
import { bodyText, requestUrl } from "../../../test/fetch-input.ts";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const challenge = { challenge: "signed.challenge", difficulty: 8, expiresAt: "2030-01-01T00:00:00.000Z" };

function server(verifyAnswer: () => Response) {
  const posted: unknown[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (requestUrl(input) === "/callback/human-check/challenge") return json(200, challenge);
    posted.push(JSON.parse(bodyText(init?.body, "")));
    return verifyAnswer();
  });
  return { posted, client: createHttpClient({ fetch: fetchImpl, readCookie: () => "csrf-token" }) };
}

describe("one run of the widget", () => {
  it("solves the challenge and posts work the server would accept, with the CSRF token", async () => {
    const { client, posted } = server(() => json(200, { status: "ok" }));
    const progress: number[] = [];
    await expect(createHumanCheckRun(client, { batchSize: 16 })({ onProgress: (fraction) => progress.push(fraction) })).resolves.toBe("passed");
    expect(posted).toHaveLength(1);
    const body = posted[0];
    expect(body).toMatchObject({ challenge: challenge.challenge, _token: "csrf-token" });
    const counter = body && typeof body === "object" && "counter" in body ? body.counter : null;
    expect(typeof counter).toBe("number");
    expect(leadingZeroBits(createHash("sha256").update(workInput(challenge.challenge, Number(counter))).digest())).toBeGreaterThanOrEqual(8);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it("reports a refusal of the work (422) as a failure without a pass", async () => {
    const { client } = server(() => json(422, { code: "challenge_rejected", message: "The check did not succeed.", reason: "expired" }));
    await expect(createHumanCheckRun(client)({})).resolves.toBe("failed");
  });

  it("throws on anything else: a widget error", async () => {
    const { client } = server(() => json(500, { code: "internal", message: "boom" }));
    await expect(createHumanCheckRun(client)({})).rejects.toMatchObject({ status: 500 });
  });
});
