import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { browsersForSuite, signedInAs } from "../../../test/signed-in.ts";
import { demoPassword } from "../../../server/seed/demo-data.server.ts";
import { users } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { membersWithPassword, userFacts } from "./member-facts.test-support.ts";

describe.each(databaseTargets())("staff account actions on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  const sessionCount = async (userId: number): Promise<number> => Number((await queryRows(db(), sql`select count(*)::int as n from sessions where user_id = ${userId}`))[0]?.n);
  let victims: string[] = [];
  const nextVictim = (): string => {
    const name = victims.shift();
    if (!name) throw new Error("out of members to disable");
    return name;
  };

  beforeAll(async () => {
    victims = await membersWithPassword(db(), levels.basic, 8);
  });

  describe("DELETE /callback/members/disable/{id}", () => {
    it("lets staff disable a member: is_enabled false, disabled_at set, every session ended", async () => {
      const name = nextVictim();
      const victim = await signedInAs(suite, name);
      const secondDevice = await signedInAs(suite, name);
      const { id } = await userFacts(db(), name);
      expect(await sessionCount(id)).toBe(2);
      const response = await (await as("staff")).delete(`/callback/members/disable/${id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", member: { id, username: name, isEnabled: false } });
      const facts = await userFacts(db(), name);
      expect(facts.isEnabled).toBe(false);
      expect(facts.disabledAt).toBeInstanceOf(Date);
      expect(await sessionCount(id)).toBe(0);
      expect((await victim.get("/callback/security/user/roles")).status).toBe(401);
      expect((await secondDevice.post("/callback/user/archive-view", { archiveView: "list" })).status).not.toBe(200);
    });

    it("leaves a disabled member unable to sign in, with the reason", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      const refused = await anonymous().signIn(name, demoPassword);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "account_disabled", message: "This account has been disabled by our staff." });
      expect(await sessionCount(id)).toBe(0);
    });

    it.each([
      ["moderator", 403],
      ["alice", 403],
      ["bob", 403],
    ])("refuses %s with %i and changes nothing", async (who, status) => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      const victim = await signedInAs(suite, name);
      const response = await (await as(who)).delete(`/callback/members/disable/${id}`);
      expect(response.status).toBe(status);
      expect(await userFacts(db(), name)).toMatchObject({ isEnabled: true, disabledAt: null });
      expect((await victim.get("/callback/security/user/roles")).status).toBe(200);
      victims.push(name);
    });

    it("refuses anonymous visitors with 401", async () => {
      const { id } = await userFacts(db(), "bob");
      expect((await anonymous().delete(`/callback/members/disable/${id}`)).status).toBe(401);
      expect((await userFacts(db(), "bob")).isEnabled).toBe(true);
    });

    it("lets no member disable another by changing the id in the path", async () => {
      const alice = await userFacts(db(), "alice");
      const response = await (await as("bob")).delete(`/callback/members/disable/${alice.id}`);
      expect(response.status).toBe(403);
      expect((await userFacts(db(), "alice")).isEnabled).toBe(true);
    });

    it("answers 404 for unknown and non-digit ids", async () => {
      const staff = await as("staff");
      for (const id of ["999999", "abc", "12abc", "-1", "0", "1.5", "99999999999", "%20"]) {
        const response = await staff.delete(`/callback/members/disable/${id}`);
        expect(response.status, id).toBe(404);
      }
    });

    it("will not disable a staff account, not even one's own", async () => {
      const { id } = await userFacts(db(), "staff");
      const response = await (await as("staff")).delete(`/callback/members/disable/${id}`);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "account_protected" });
      expect((await userFacts(db(), "staff")).isEnabled).toBe(true);
    });

    it("refuses a request without the CSRF token", async () => {
      const { id } = await userFacts(db(), "carla");
      const response = await (await as("staff")).fetch("DELETE", `/callback/members/disable/${id}`, { csrf: false });
      expect(response.status).toBe(403);
      expect((await userFacts(db(), "carla")).isEnabled).toBe(true);
    });
  });

  describe("/members/enable/{id}", () => {
    it("shows staff the member and a confirm form", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      const response = await (await as("staff")).get(`/members/enable/${id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`action="/members/enable/${id}"`);
      expect(html).toContain(`data-username="${name}"`);
      expect(html).toContain('class="ks-account-notice" role="status">This account has been disabled.');
      victims.unshift(name);
    });

    it("sends anonymous visitors to sign in, shows members 403, unknown ids 404", async () => {
      const { id } = await userFacts(db(), "bob");
      const anon = await anonymous().get(`/members/enable/${id}`);
      expect([302, 303]).toContain(anon.status);
      expect(anon.headers.get("location")).toBe(`/login_and_go?redirectUrl=${encodeURIComponent(`/members/enable/${id}`)}`);
      for (const who of ["moderator", "alice"]) {
        const page = await (await as(who)).get(`/members/enable/${id}`);
        expect(page.status, who).toBe(403);
        expect(await page.text()).toContain("<p>Only staff can enable member accounts.</p>");
      }
      expect((await (await as("staff")).get("/members/enable/999999")).status).toBe(404);
      expect((await (await as("staff")).get("/members/enable/abc")).status).toBe(404);
    });

    it("enables the member on the confirm form's POST, who can then sign in again", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      const response = await (await as("staff")).fetch("POST", `/members/enable/${id}`, { form: { locale: "en" } });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/member/${name.toLowerCase()}?done=enabled`);
      expect(await userFacts(db(), name)).toMatchObject({ isEnabled: true, disabledAt: null });
      expect((await anonymous().signIn(name, demoPassword)).status).toBe(200);
    });

    it("answers JSON to the HTTP client", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      const response = await (await as("staff")).post(`/members/enable/${id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ member: { id, isEnabled: true } });
    });

    it("refuses moderators, members and anonymous visitors, and changes nothing", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      for (const who of ["moderator", "carla"]) {
        expect((await (await as(who)).post(`/members/enable/${id}`)).status, who).toBe(403);
      }
      expect((await anonymous().post(`/members/enable/${id}`)).status).toBe(401);
      expect((await userFacts(db(), name)).isEnabled).toBe(false);
      expect((await (await as("staff")).post("/members/enable/999999")).status).toBe(404);
      expect((await (await as("staff")).post("/members/enable/abc")).status).toBe(404);
    });
  });

  describe("member pages", () => {
    it("show the closed-account labels", async () => {
      const labels: [number, string][] = [
        [levels.closed_fair_play, "Closed: Fair Play"],
        [levels.closed_abuse, "Closed: Abuse"],
        [levels.closed_voluntarily, "Closed: Inactive"],
        [levels.closed_unspecified, "Account Closed"],
      ];
      // The demo data has no "unspecified closed" (8) member: one basic member becomes one.
      const [unspecified] = await db().select({ id: users.id }).from(users).where(sql`${users.membershipLevel} = ${levels.basic} and ${users.passwordHash} is null`).limit(1);
      await db().update(users).set({ membershipLevel: levels.closed_unspecified }).where(eq(users.id, unspecified?.id ?? 0));
      for (const [level, label] of labels) {
        const [row] = await db().select({ username: users.username }).from(users).where(eq(users.membershipLevel, level)).limit(1);
        expect(row, label).toBeDefined();
        const html = await anonymous().html(`/member/${row?.username.toLowerCase() ?? ""}`);
        expect(html, label).toContain(`<span class="ks-membership-badge ks-membership-badge-closed">${label}</span>`);
      }
    });

    it("show a disabled notice, and staff the way to enable", async () => {
      const name = nextVictim();
      const { id } = await userFacts(db(), name);
      await (await as("staff")).delete(`/callback/members/disable/${id}`);
      expect(await anonymous().html(`/member/${name}`)).toContain('data-account-disabled="true">This account has been disabled.</p>');
      expect(await anonymous().html("/member/bob")).not.toContain("data-account-disabled");
      const staffView = await (await as("staff")).html(`/member/${name}`);
      expect(staffView).toContain(`href="/members/enable/${id}"`);
      expect(await (await as("bob")).html(`/member/${name}`)).not.toContain(`href="/members/enable/${id}"`);
      expect(await (await as("staff")).html("/member/alice")).toContain('id="staff-tools"');
      expect(await (await as("moderator")).html("/member/alice")).not.toContain('id="staff-tools"');
      expect(await (await as("staff")).html("/member/staff")).not.toContain('id="staff-tools"');
    });
  });
});
