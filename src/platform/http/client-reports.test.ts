import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";

/** POST /error-reporting/web: an unauthenticated write, so small, per-address limited, and never trusting the body about who sent it. */
describe.each(databaseTargets())("browser error reports on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, trustProxy: { hops: 1 } });
  const { anonymous, as } = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  const report = (error: string) => ({ user: { id: 1, username: "staff", membershipLevel: 90 }, userAgent: "Mozilla/5.0 test", error });
  let address = 0;
  const nextAddress = () => `198.51.100.${++address}`;
  const stored = async (error: string) => queryRows(db(), sql`select user_id, username, reported_user from client_error_reports where error = ${error}`);

  it("takes the reporter from the session, never from the body", async () => {
    const alice = await as("alice");
    const fromAlice = await alice.request("POST", "/error-reporting/web", { json: report("alice's error"), csrf: false, headers: { "x-forwarded-for": nextAddress() } });
    expect(fromAlice.status).toBe(202);
    const [aliceRow] = await queryRows(db(), sql`select id from users where username_key = 'alice'`);
    expect(await stored("alice's error")).toEqual([{ user_id: aliceRow?.id, username: "alice", reported_user: null }]);
    const fromNobody = await anonymous().request("POST", "/error-reporting/web", { json: report("an anonymous error"), csrf: false, headers: { "x-forwarded-for": nextAddress() } });
    expect(fromNobody.status).toBe(202);
    expect(await stored("an anonymous error")).toEqual([{ user_id: null, username: null, reported_user: null }]);
  });

  it("refuses an oversized report and stores nothing", async () => {
    const big = await anonymous().request("POST", "/error-reporting/web", { json: report("x".repeat(9 * 1024)), csrf: false, headers: { "x-forwarded-for": nextAddress() } });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
    const long = await anonymous().request("POST", "/error-reporting/web", { json: report("y".repeat(7000)), csrf: false, headers: { "x-forwarded-for": nextAddress() } });
    expect(long.status).toBe(422);
    expect(await queryRows(db(), sql`select 1 from client_error_reports where length(error) > 6000`)).toEqual([]);
  });

  it("limits reports per address", async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await anonymous().request("POST", "/error-reporting/web", { json: report(`flood ${index}`), csrf: false, headers: { "x-forwarded-for": from } })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not held back by the first.
    expect((await anonymous().request("POST", "/error-reporting/web", { json: report("elsewhere"), csrf: false, headers: { "x-forwarded-for": nextAddress() } })).status).toBe(202);
  });
});
