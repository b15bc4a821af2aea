import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../test/start-app.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { demoPassword } from "../../server/seed/demo-data.server.ts";
import { HttpSession } from "../../test/http-session.ts";
import { AppError } from "./errors.ts";
import { declareFailures, failureKindOf, failureKindStatus, failureStatus } from "./failure-statuses.ts";

describe("the failure → status table", () => {
  it("gives each kind of failure its one status", () => {
    expect(failureKindStatus).toMatchObject({ unauthenticated: 401, refused: 403, not_found: 404, conflict: 409, gone: 410, invalid: 422, too_many: 429, unavailable: 503 });
  });

  it("answers a declared code with its kind's status, and the platform's catalogue through the same table", () => {
    declareFailures({ "test.table_refused": "refused", "test.table_conflict": "conflict" });
    expect(failureStatus("test.table_refused")).toBe(403);
    expect(failureStatus("test.table_conflict")).toBe(409);
    expect(new AppError("validation_failed").status).toBe(422);
    expect(new AppError("rate_limited").status).toBe(429);
    expect(failureKindOf("csrf_token_invalid")).toBe("refused");
  });

  it("refuses one code declared with two kinds, and an undeclared code", () => {
    declareFailures({ "test.twice": "invalid" });
    declareFailures({ "test.twice": "invalid" });
    expect(() => declareFailures({ "test.twice": "conflict" })).toThrow('"test.twice" is declared as "invalid" and as "conflict"');
    expect(failureStatus("test.twice")).toBe(422);
    expect(() => failureStatus("test.never_declared")).toThrow("no declared kind");
  });
});

/** Server code that answers HTTP: features and platform, not the table itself, tests or the clubs folder's own work in progress. */
function serverSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return /\.server\.ts$/.test(entry.name) && !/\.test/.test(entry.name) ? [path] : [];
  });
}

describe("routes take their statuses from the table", () => {
  const source = join(import.meta.dirname, "../..");

  it("no route writes a 4xx or 5xx status of its own", () => {
    const offenders: string[] = [];
    for (const file of serverSources(source)) {
      const text = readFileSync(file, "utf8");
      for (const [index, line] of text.split("\n").entries()) {
        // reply.code(422), .status(403), { status: 409, code }, Record<Failure, number> tables of 4xx/5xx.
        // A page loader's `throw data(null, { status: 404 })` is React Router's page status, not a failure code.
        if (!line.includes("data(") && /\.(code|status)\(\s*[45]\d\d\s*\)|\bstatus:\s*[45]\d\d\b|^\s+\w+:\s*[45]\d\d,?\s*$/.test(line)) offenders.push(`${relative(source, file)}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe.each(databaseTargets())("failure statuses through the real server on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const browsers = browsersForSuite(suite);
  let app: RunningApp;

  beforeAll(() => {
    app = suite.current;
  });

  it("has every feature's codes declared once the app is composed", () => {
    // One code of each route module's declarations: social, settings, two-factor, profile, membership, staff, sign-in, registration, password reset, human check.
    expect(["already_friends", "email_taken", "invalid_code", "bio_too_long", "membership_permanent", "account_protected", "invalid_credentials", "username.taken", "invalid_link", "challenge_rejected"].map(failureStatus)).toEqual([
      409, 409, 422, 422, 409, 422, 401, 422, 410, 422,
    ]);
  });

  it("answers a feature's refusals with the table's statuses", async () => {
    const alice = await browsers.as("alice");
    const self = await alice.post("/callback/friend/alice/request", {});
    expect(self.status).toBe(failureStatus("self"));
    expect(await self.json()).toMatchObject({ code: "self" });

    const popup = await fetch(`${app.baseUrl}/callback/user/popup/nobody-here`);
    expect(popup.status).toBe(failureStatus("not_found"));
    expect(await popup.json()).toMatchObject({ code: "not_found" });

    const presence = await fetch(`${app.baseUrl}/callback/presence?ids=x`);
    expect(presence.status).toBe(failureStatus("validation_failed"));
  });

  it("answers a form's refusal with the table's status when called as JSON", async () => {
    const browser = new HttpSession(app.baseUrl);
    const wrong = await browser.signIn("alice", `${demoPassword}-wrong`);
    expect(wrong.status).toBe(failureStatus("invalid_credentials"));
    expect(await wrong.json()).toMatchObject({ code: "invalid_credentials" });
  });
});
