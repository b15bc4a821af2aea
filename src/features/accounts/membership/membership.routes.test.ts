import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { membershipGrants, users } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { membersWithPassword, userFacts } from "../staff/member-facts.test-support.ts";
import { expireMemberships } from "./membership.service.server.ts";
import { addPeriod } from "./plans.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets())("memberships on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  const grantCount = async (): Promise<number> => Number((await queryRows(db(), sql`select count(*)::int as n from membership_grants`))[0]?.n);
  /** Generated members at `level`, enabled, with no membership end date (none of them can sign in). */
  const generatedMembers = async (level: number, count: number): Promise<string[]> => {
    const rows = await db()
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.membershipLevel} = ${level} and ${users.passwordHash} is null and ${users.isEnabled} and ${users.membershipExpiresAt} is null`)
      .orderBy(sql`${users.id} desc`)
      .limit(count);
    return rows.map((row) => row.username);
  };
  let fresh: string[] = [];
  const nextFresh = (): string => {
    const name = fresh.shift();
    if (!name) throw new Error("out of fresh basic members");
    return name;
  };

  beforeAll(async () => {
    fresh = await generatedMembers(levels.basic, 40);
  });

  describe("the /membership page", () => {
    it("shows yearly diamond and monthly gold, collapsed", async () => {
      const html = await anonymous().html("/membership");
      expect([...html.matchAll(/data-plan="([a-z]+-[a-z]+)"/g)].map((match) => match[1])).toEqual(["diamond-yearly", "gold-monthly"]);
      expect(html).toMatch(/href="\/membership\?c=icon&amp;plans=all"[^>]*>Show all plans</);
    });

    it("shows all six plans with ?plans=all, with a way back", async () => {
      const html = await anonymous().html("/membership?plans=all&c=spring");
      expect([...html.matchAll(/data-plan="([a-z]+-[a-z]+)"/g)].map((match) => match[1])).toEqual([
        "diamond-yearly", "diamond-monthly", "platinum-yearly", "platinum-monthly", "gold-yearly", "gold-monthly",
      ]);
      expect(html).toMatch(/href="\/membership\?c=spring"[^>]*>Show fewer plans</);
    });

    it("shows the configured prices", async () => {
      const html = await anonymous().html("/membership");
      expect(html).toContain("$99.99");
      expect(html).toContain("$4.99");
    });

    it("echoes the campaign parameters into the purchase form, c defaulting to icon", async () => {
      const bob = await as("bob");
      const plain = await bob.html("/membership");
      expect(plain).toContain('name="c" value="icon"');
      expect(plain).not.toContain('name="b"');
      const campaign = await bob.html("/membership?c=spring_sale&b=banner2");
      expect(campaign).toContain('name="c" value="spring_sale"');
      expect(campaign).toContain('name="b" value="banner2"');
      const hostile = await bob.html("/membership?c=%3Cscript%3E&b=a%20b");
      expect(hostile).toContain('name="c" value="icon"');
      expect(hostile).not.toContain('name="b"');
      expect(hostile).not.toContain("<script>x");
    });

    it("asks anonymous visitors to log in instead of showing the purchase form", async () => {
      const html = await anonymous().html("/membership");
      expect(html).not.toContain('action="/callback/membership/checkout"');
      expect(html).toContain("/login_and_go?redirectUrl=");
    });

    it("shows the grant form to staff only", async () => {
      expect(await (await as("staff")).html("/membership")).toContain('action="/callback/membership/grant"');
      expect(await (await as("moderator")).html("/membership")).not.toContain('action="/callback/membership/grant"');
      expect(await (await as("alice")).html("/membership")).not.toContain('action="/callback/membership/grant"');
    });
  });

  describe("checkout", () => {
    it("says plainly that no payment is possible, keeping the campaign", async () => {
      const bob = await as("bob");
      const json = await bob.post("/callback/membership/checkout", { level: "gold", period: "monthly", c: "icon" });
      expect(json.status).toBe(503);
      expect(await json.json()).toMatchObject({ code: "payments_unavailable" });
      const form = await bob.fetch("POST", "/callback/membership/checkout", { form: { level: "diamond", period: "yearly", c: "spring", b: "banner2" } });
      expect(form.status).toBe(303);
      const location = new URL(form.headers.get("location") ?? "", "http://x");
      expect(location.pathname).toBe("/membership");
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: "payments_unavailable", c: "spring", b: "banner2" });
      expect((await userFacts(db(), "bob")).membershipLevel).toBe(levels.basic);
    });

    it("refuses anonymous visitors and bad plans", async () => {
      expect((await anonymous().post("/callback/membership/checkout", { level: "gold", period: "monthly" })).status).toBe(401);
      expect((await (await as("bob")).post("/callback/membership/checkout", { level: "silver", period: "monthly" })).status).toBe(422);
    });
  });

  describe("staff grants (the built-in provider)", () => {
    it("grants a basic member a membership: a grant row, the level and the expiry", async () => {
      const member = nextFresh();
      const staff = await userFacts(db(), "staff");
      const before = Date.now();
      const response = await (await as("staff")).post("/callback/membership/grant", { username: member, level: "gold", period: "monthly" });
      expect(response.status).toBe(200);
      const body: unknown = await response.json();
      expect(body).toMatchObject({ status: "ok", membership: { username: member, level: levels.gold } });
      const facts = await userFacts(db(), member);
      expect(facts.membershipLevel).toBe(levels.gold);
      const expiry = facts.membershipExpiresAt?.getTime() ?? 0;
      expect(expiry).toBeGreaterThanOrEqual(addPeriod(new Date(before), "monthly").getTime());
      expect(expiry).toBeLessThanOrEqual(addPeriod(new Date(), "monthly").getTime());
      const [grant] = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, facts.id));
      expect(grant).toMatchObject({ level: levels.gold, period: "monthly", provider: "builtin", grantedBy: staff.id, giftedBy: null });
    });

    it("extends an active membership from its end, and upgrades without shortening it", async () => {
      const member = nextFresh();
      const staff = await as("staff");
      await staff.post("/callback/membership/grant", { username: member, level: "gold", period: "monthly" });
      const first = (await userFacts(db(), member)).membershipExpiresAt ?? new Date(0);
      await staff.post("/callback/membership/grant", { username: member, level: "gold", period: "yearly" });
      const second = await userFacts(db(), member);
      expect(second.membershipExpiresAt?.toISOString()).toBe(addPeriod(first, "yearly").toISOString());
      await staff.post("/callback/membership/grant", { username: member, level: "diamond", period: "monthly" });
      const third = await userFacts(db(), member);
      expect(third.membershipLevel).toBe(levels.diamond);
      expect(third.membershipExpiresAt?.toISOString()).toBe(addPeriod(second.membershipExpiresAt ?? new Date(0), "monthly").toISOString());
    });

    it("works as a form post, back to /membership with a notice", async () => {
      const member = nextFresh();
      const response = await (await as("staff")).fetch("POST", "/callback/membership/grant", { form: { username: member, level: "platinum", period: "yearly" } });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/membership?done=granted&username=${member.toLowerCase()}`);
      expect((await userFacts(db(), member)).membershipLevel).toBe(levels.platinum);
      expect(await (await as("staff")).html(response.headers.get("location") ?? "")).toContain(`Membership granted to ${member.toLowerCase()}.`);
    });

    it.each([
      ["moderator", 403],
      ["alice", 403],
      ["bob", 403],
    ])("refuses %s with %i and changes nothing", async (who, status) => {
      const member = nextFresh();
      const grants = await grantCount();
      const response = await (await as(who)).post("/callback/membership/grant", { username: member, level: "diamond", period: "yearly" });
      expect(response.status).toBe(status);
      expect(await grantCount()).toBe(grants);
      expect(await userFacts(db(), member)).toMatchObject({ membershipLevel: levels.basic, membershipExpiresAt: null });
    });

    it("refuses anonymous visitors with 401 and changes nothing", async () => {
      const grants = await grantCount();
      expect((await anonymous().post("/callback/membership/grant", { username: "bob", level: "gold", period: "monthly" })).status).toBe(401);
      expect(await grantCount()).toBe(grants);
    });

    it("refuses bad input with 422, unknown members with 404", async () => {
      const staff = await as("staff");
      const grants = await grantCount();
      for (const body of [{ username: "bob", level: "silver", period: "monthly" }, { username: "bob", level: "gold", period: "weekly" }, { level: "gold", period: "monthly" }, { username: "bob no", level: "gold", period: "monthly" }]) {
        expect((await staff.post("/callback/membership/grant", body)).status, JSON.stringify(body)).toBe(422);
      }
      expect((await staff.post("/callback/membership/grant", { username: "nobody-here-at-all", level: "gold", period: "monthly" })).status).toBe(404);
      expect(await grantCount()).toBe(grants);
      expect((await userFacts(db(), "bob")).membershipLevel).toBe(levels.basic);
    });

    it("refuses staff, moderators, closed and disabled accounts, and permanent memberships", async () => {
      const staff = await as("staff");
      const [closed] = await generatedMembers(levels.closed_fair_play, 1);
      const disabled = nextFresh();
      await db().update(users).set({ isEnabled: false }).where(eq(users.usernameKey, disabled.toLowerCase()));
      const grants = await grantCount();
      for (const [username, code] of [["staff", "not_eligible"], ["moderator", "not_eligible"], [closed ?? "", "not_eligible"], [disabled, "not_eligible"], ["alice", "membership_permanent"]]) {
        const response = await staff.post("/callback/membership/grant", { username, level: "gold", period: "monthly" });
        expect(await response.json(), username).toMatchObject({ code });
      }
      expect(await grantCount()).toBe(grants);
      expect((await userFacts(db(), "moderator")).membershipLevel).toBe(levels.moderator);
      expect((await userFacts(db(), "alice")).membershipExpiresAt).toBeNull();
    });
  });

  describe("expiry", () => {
    it("lowers ended premium memberships to basic, and touches nobody else", async () => {
      const [gold, diamond, future] = [nextFresh(), nextFresh(), nextFresh()];
      const past = new Date(Date.now() - DAY);
      await db().update(users).set({ membershipLevel: levels.gold, membershipExpiresAt: past }).where(eq(users.usernameKey, gold.toLowerCase()));
      await db().update(users).set({ membershipLevel: levels.diamond, membershipExpiresAt: past }).where(eq(users.usernameKey, diamond.toLowerCase()));
      await db().update(users).set({ membershipLevel: levels.platinum, membershipExpiresAt: new Date(Date.now() + DAY) }).where(eq(users.usernameKey, future.toLowerCase()));
      const [closed] = await generatedMembers(levels.closed_abuse, 1);
      for (const name of ["moderator", "staff", closed ?? ""]) {
        await db().update(users).set({ membershipExpiresAt: past }).where(eq(users.usernameKey, name.toLowerCase()));
      }

      expect(await expireMemberships(db(), new Date())).toBe(2);
      expect(await userFacts(db(), gold)).toMatchObject({ membershipLevel: levels.basic, membershipExpiresAt: null });
      expect(await userFacts(db(), diamond)).toMatchObject({ membershipLevel: levels.basic, membershipExpiresAt: null });
      expect((await userFacts(db(), future)).membershipLevel).toBe(levels.platinum);
      expect((await userFacts(db(), "moderator")).membershipLevel).toBe(levels.moderator);
      expect((await userFacts(db(), "staff")).membershipLevel).toBe(levels.staff);
      expect((await userFacts(db(), closed ?? "")).membershipLevel).toBe(levels.closed_abuse);
      expect((await userFacts(db(), "alice")).membershipLevel).toBe(levels.gold);
      expect(await expireMemberships(db(), new Date())).toBe(0);
      for (const name of ["moderator", "staff", closed ?? ""]) {
        await db().update(users).set({ membershipExpiresAt: null }).where(eq(users.usernameKey, name.toLowerCase()));
      }
    });

    it("runs as the app's leased job", async () => {
      const member = nextFresh();
      await db().update(users).set({ membershipLevel: levels.gold, membershipExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.usernameKey, member.toLowerCase()));
      expect(await suite.current.kingside.jobs.runNow("accounts.membership-expiry")).toBe(true);
      expect((await userFacts(db(), member)).membershipLevel).toBe(levels.basic);
    });
  });

  describe("gifts", () => {
    it("lets staff gift a member a membership, recorded with gifted_by", async () => {
      const member = nextFresh();
      const staff = await userFacts(db(), "staff");
      const response = await (await as("staff")).post(`/callback/membership/gift/${member}`, { level: "platinum", period: "monthly" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ membership: { username: member, level: levels.platinum } });
      const facts = await userFacts(db(), member);
      expect(facts.membershipLevel).toBe(levels.platinum);
      const [grant] = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, facts.id));
      expect(grant).toMatchObject({ giftedBy: staff.id, grantedBy: null, provider: "builtin", period: "monthly" });
    });

    it("refuses a gift from a member who is not staff while no payment provider is configured (nothing of value for free)", async () => {
      const member = nextFresh();
      const grants = await grantCount();
      for (const giver of ["alice", "bob", "moderator"]) {
        const response = await (await as(giver)).post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly" });
        expect(response.status, giver).toBe(403);
        expect(await response.json(), giver).toMatchObject({ code: "gift_staff_only" });
      }
      expect(await grantCount()).toBe(grants);
      expect((await userFacts(db(), member)).membershipLevel).toBe(levels.basic);
      expect(await (await as("alice")).html(`/member/${member}`)).not.toContain(`action="/callback/membership/gift/`);
      // The user card offers the gift only where the route would accept it.
      expect(await (await (await as("alice")).get(`/callback/user/popup/${member}`)).json()).toMatchObject({ user: { canReceiveGiftMembership: false } });
      expect(await (await (await as("staff")).get(`/callback/user/popup/${member}`)).json()).toMatchObject({ user: { canReceiveGiftMembership: true } });
    });

    it("decides the staff-only rule in the service from the giver's level, whoever calls it (decision 0052)", async () => {
      const member = nextFresh();
      const grants = await grantCount();
      const { membership, contactGuard } = suite.current.kingside.services;
      const contacts = (giverId: number, targetId: number) => contactGuard.refusal(giverId, targetId);
      const alice = await userFacts(db(), "alice");
      expect(await membership.gift({ id: alice.id, level: levels.gold }, member, "gold", "monthly", contacts)).toEqual({ ok: false, error: "gift_staff_only" });
      expect(await membership.giftRefusalFor({ id: alice.id, level: levels.gold }, member, contacts)).toBe("gift_staff_only");
      expect(await grantCount()).toBe(grants);
      const staff = await userFacts(db(), "staff");
      expect(await membership.giftRefusalFor({ id: staff.id, level: levels.staff }, member, contacts)).toBeNull();
    });

    it("refuses a gift to a member who blocked the giver, and to one the giver blocked", async () => {
      const member = nextFresh();
      const staff = await as("staff");
      const grants = await grantCount();
      const staffRow = await userFacts(db(), "staff");
      const memberRow = await userFacts(db(), member);
      await queryRows(db(), sql`insert into blocks (blocker_id, blocked_id) values (${memberRow.id}, ${staffRow.id})`);
      const refused = await staff.post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "blocked_by_member" });
      expect(await staff.html(`/member/${member}`)).not.toContain(`action="/callback/membership/gift/`);
      await queryRows(db(), sql`delete from blocks where blocker_id = ${memberRow.id}`);
      expect((await staff.post(`/callback/member/${member}/block`)).status).toBeLessThan(300);
      const own = await staff.post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly" });
      expect(await own.json()).toMatchObject({ code: "blocked" });
      expect(await grantCount()).toBe(grants);
    });

    it("records the signed-in giver, whatever the body claims", async () => {
      const member = nextFresh();
      const carla = await userFacts(db(), "carla");
      const staff = await userFacts(db(), "staff");
      await (await as("staff")).post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly", giftedBy: carla.id, userId: carla.id, username: "carla" });
      const facts = await userFacts(db(), member);
      const [grant] = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, facts.id));
      expect(grant?.giftedBy).toBe(staff.id);
      expect((await userFacts(db(), "carla")).membershipExpiresAt).toBeNull();
    });

    it("works as a form post from the member page, with a notice", async () => {
      const member = nextFresh();
      const staff = await as("staff");
      expect(await staff.html(`/member/${member.toLowerCase()}`)).toContain(`action="/callback/membership/gift/${member}"`);
      const response = await staff.fetch("POST", `/callback/membership/gift/${member}`, { form: { level: "gold", period: "yearly" } });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/member/${member.toLowerCase()}?done=gifted`);
      expect(await staff.html(response.headers.get("location") ?? "")).toContain('role="status">Thank you! The gift membership is active.</p>');
    });

    it("refuses a gift to oneself, to closed, disabled and guest accounts, to moderators and to unknown members", async () => {
      const staff = await as("staff");
      const [closed] = await generatedMembers(levels.closed_voluntarily, 1);
      const disabled = nextFresh();
      await db().update(users).set({ isEnabled: false }).where(eq(users.usernameKey, disabled.toLowerCase()));
      const guest = nextFresh();
      await db().update(users).set({ membershipLevel: levels.guest }).where(eq(users.usernameKey, guest.toLowerCase()));
      const grants = await grantCount();
      const cases: [string, number, string][] = [
        ["staff", 422, "gift_to_self"],
        ["STAFF", 422, "gift_to_self"],
        [closed ?? "", 422, "not_eligible"],
        [disabled, 422, "not_eligible"],
        [guest, 422, "not_eligible"],
        ["moderator", 422, "not_eligible"],
        ["no-such-member-x", 404, "member_not_found"],
      ];
      for (const [username, status, code] of cases) {
        const response = await staff.post(`/callback/membership/gift/${username}`, { level: "gold", period: "monthly" });
        expect(response.status, username).toBe(status);
        expect(await response.json(), username).toMatchObject({ code });
      }
      expect((await staff.post("/callback/membership/gift/bad%20name", { level: "gold", period: "monthly" })).status).toBe(404);
      expect(await grantCount()).toBe(grants);
      expect((await userFacts(db(), guest)).membershipLevel).toBe(levels.guest);
    });

    it("refuses bad plans with 422, anonymous visitors with 401 and guests with 403", async () => {
      const member = nextFresh();
      const grants = await grantCount();
      const staff = await as("staff");
      for (const body of [{ level: "silver", period: "monthly" }, { level: "gold" }, { level: "gold", period: "forever" }, {}]) {
        expect((await staff.post(`/callback/membership/gift/${member}`, body)).status, JSON.stringify(body)).toBe(422);
      }
      expect((await anonymous().post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly" })).status).toBe(401);
      const [guestName] = await membersWithPassword(db(), levels.guest, 1);
      expect((await (await as(guestName ?? "")).post(`/callback/membership/gift/${member}`, { level: "gold", period: "monthly" })).status).toBe(403);
      expect(await grantCount()).toBe(grants);
      expect((await userFacts(db(), member)).membershipLevel).toBe(levels.basic);
    });

    it("shows no gift form to oneself or to anonymous visitors", async () => {
      expect(await (await as("staff")).html("/member/staff")).not.toContain('action="/callback/membership/gift/');
      expect(await anonymous().html("/member/bob")).not.toContain('action="/callback/membership/gift/');
    });
  });

  describe("/members/gifters", () => {
    it("lists gifters with their counts, most first, paginated by 25", async () => {
      const givers = await generatedMembers(levels.basic, 60);
      const receivers = (await generatedMembers(levels.basic, 1))[0] ?? "";
      const receiver = await userFacts(db(), receivers);
      const start = new Date();
      const rows = givers.slice(30, 60).map((name, index) => ({ name, gifts: index === 0 ? 5 : 1 }));
      for (const { name, gifts } of rows) {
        const giver = await userFacts(db(), name);
        for (let gift = 0; gift < gifts; gift++) {
          await db().insert(membershipGrants).values({ userId: receiver.id, level: levels.gold, period: "monthly", provider: "builtin", giftedBy: giver.id, startsAt: start, expiresAt: addPeriod(start, "monthly") });
        }
      }
      const html = await anonymous().html("/members/gifters");
      const listed = [...html.matchAll(/<tr><td class="ks-table-rank">(\d+)<\/td><td>.*?data-username="([^"]+)".*?<td class="ks-table-number">([^<]+)<\/td><\/tr>/g)];
      expect(listed).toHaveLength(25);
      expect(listed[0]?.[2]).toBe(rows[0]?.name);
      expect(listed[0]?.[3]).toBe("5 gifts");
      expect(html).toContain('href="/members/gifters?page=2"');
      const second = await anonymous().html("/members/gifters?page=2");
      const secondRows = [...second.matchAll(/<td class="ks-table-rank">(\d+)<\/td>/g)].map((match) => match[1]);
      expect(secondRows[0]).toBe("26");
      expect(secondRows.length).toBeGreaterThanOrEqual(5);
      expect(await anonymous().html("/members/gifters?page=abc")).toContain(`data-username="${rows[0]?.name}"`);
    });
  });
});
