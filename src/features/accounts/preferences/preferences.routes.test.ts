import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import type { HttpSession } from "../../../test/http-session.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { createTestClub } from "../../clubs/club-fixture.server.ts";
import { levels } from "../levels.ts";
import { rolesResponseSchema } from "../roles.routes.server.ts";
import { membersWithPassword, userFacts } from "../staff/member-facts.test-support.ts";

async function rolesOf(browser: HttpSession, query = ""): Promise<string[]> {
  const response = await browser.get(`/callback/security/user/roles${query}`);
  return rolesResponseSchema.parse(await response.json()).roles;
}

describe.each(databaseTargets())("roles and display preferences on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  describe("GET /callback/security/user/roles", () => {
    it("answers 401 for anonymous visitors", async () => {
      const response = await anonymous().get("/callback/security/user/roles");
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthenticated" });
    });

    it("gives a gold member the user, gold and premium roles only", async () => {
      const alice = await as("alice");
      expect((await alice.get("/callback/security/user/roles")).status).toBe(200);
      const roles = await rolesOf(alice);
      expect(roles).toEqual(expect.arrayContaining(["ROLE_USER", "ROLE_GOLD", "ROLE_PREMIUM"]));
      expect(roles).not.toContain("ROLE_MODERATOR");
      expect(roles).not.toContain("ROLE_STAFF");
    });

    it("gives staff the cumulative moderator and staff roles, a moderator not staff", async () => {
      expect(await rolesOf(await as("staff"))).toEqual(expect.arrayContaining(["ROLE_STAFF", "ROLE_MODERATOR", "ROLE_PREMIUM"]));
      const moderatorRoles = await rolesOf(await as("moderator"));
      expect(moderatorRoles).toContain("ROLE_MODERATOR");
      expect(moderatorRoles).not.toContain("ROLE_STAFF");
    });

    it("includes site and club roles, and only the signed-in member's own", async () => {
      const bob = await userFacts(db(), "bob");
      await db().execute(sql`insert into user_roles (user_id, role) values (${bob.id}, 'cheat_analyst')`);
      const club = await createTestClub(db(), { owner: bob.id });
      const bobRoles = await rolesOf(await as("bob"));
      expect(bobRoles).toEqual(expect.arrayContaining(["ROLE_USER", "ROLE_BASIC", "ROLE_CHEAT_ANALYST", `ROLE_CLUB_OWNER_${club.id}`]));
      expect(bobRoles).not.toContain("ROLE_PREMIUM");
      expect(await rolesOf(await as("carla"), "?user=bob")).not.toContain("ROLE_CHEAT_ANALYST");
    });
  });

  describe("the three preference callbacks", () => {
    it("refuse anonymous visitors with 401", async () => {
      for (const [path, body] of [
        ["/callback/user/archive-view", { archiveView: "list" }],
        ["/callback/user/home-recent-content-type", { recentContentType: "my_activity" }],
        ["/callback/user/set-fair-play-agree/1", {}],
      ] as const) {
        const response = await anonymous().post(path, body);
        expect(response.status, path).toBe(401);
      }
    });

    it("set the archive view to grid or list", async () => {
      const carla = await as("carla");
      const response = await carla.post("/callback/user/archive-view", { archiveView: "list" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", archiveView: "list" });
      expect((await userFacts(db(), "carla")).archiveView).toBe("list");
      await carla.post("/callback/user/archive-view", { archiveView: "grid" });
      expect((await userFacts(db(), "carla")).archiveView).toBe("grid");
    });

    it("refuse any other archive view with 422 and change nothing", async () => {
      const carla = await as("carla");
      await carla.post("/callback/user/archive-view", { archiveView: "list" });
      for (const body of [{ archiveView: "table" }, { archiveView: "LIST" }, { archiveView: 1 }, { archiveView: ["list"] }, {}]) {
        const response = await carla.post("/callback/user/archive-view", body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(await response.json()).toMatchObject({ code: "validation_failed", message: "The archive view must be grid or list." });
      }
      expect((await userFacts(db(), "carla")).archiveView).toBe("list");
    });

    it("set the home content type to following or my_activity, and refuse anything else", async () => {
      const alice = await as("alice");
      const response = await alice.post("/callback/user/home-recent-content-type", { recentContentType: "my_activity" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ homeContentType: "my_activity" });
      expect((await userFacts(db(), "alice")).homeContentType).toBe("my_activity");
      for (const body of [{ recentContentType: "everything" }, { homeContentType: "following" }, { recentContentType: null }]) {
        expect((await alice.post("/callback/user/home-recent-content-type", body)).status).toBe(422);
      }
      expect((await userFacts(db(), "alice")).homeContentType).toBe("my_activity");
    });

    it("set and withdraw the fair-play agreement with 1 or 0 only", async () => {
      const bob = await as("bob");
      expect((await bob.post("/callback/user/set-fair-play-agree/1")).status).toBe(200);
      expect((await userFacts(db(), "bob")).fairPlayAgree).toBe(true);
      for (const value of ["2", "yes", "true", "01", "-1"]) {
        expect((await bob.post(`/callback/user/set-fair-play-agree/${value}`)).status, value).toBe(422);
      }
      expect((await userFacts(db(), "bob")).fairPlayAgree).toBe(true);
      const withdrawn = await bob.post("/callback/user/set-fair-play-agree/0");
      expect(await withdrawn.json()).toMatchObject({ fairPlayAgree: false });
      expect((await userFacts(db(), "bob")).fairPlayAgree).toBe(false);
    });

    it("refuse a call without the CSRF token and change nothing", async () => {
      const carla = await as("carla");
      const before = (await userFacts(db(), "carla")).archiveView;
      const response = await carla.fetch("POST", "/callback/user/archive-view", { json: { archiveView: before === "grid" ? "list" : "grid" }, csrf: false });
      expect(response.status).toBe(403);
      expect((await userFacts(db(), "carla")).archiveView).toBe(before);
    });

    it("work as plain form posts: 303 back to a same-site page, never elsewhere", async () => {
      const bob = await as("bob");
      const back = await bob.fetch("POST", "/callback/user/archive-view", { form: { archiveView: "list", redirectUrl: "/member/bob?tab=x" } });
      expect(back.status).toBe(303);
      expect(back.headers.get("location")).toBe("/member/bob?tab=x");
      expect((await userFacts(db(), "bob")).archiveView).toBe("list");
      const offsite = await bob.fetch("POST", "/callback/user/set-fair-play-agree/1", { form: { redirectUrl: "https://evil.example/" } });
      expect(offsite.status).toBe(303);
      expect(offsite.headers.get("location")).toBe("/member/bob");
      const refused = await bob.fetch("POST", "/callback/user/archive-view", { form: { archiveView: "table", redirectUrl: "/member/bob" } });
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe("/member/bob?error=validation_failed");
      expect((await userFacts(db(), "bob")).archiveView).toBe("list");
    });

    it("let a guest set the archive view and fair play, but not the (social) home feed", async () => {
      const [guestName] = await membersWithPassword(db(), levels.guest, 1);
      const guest = await as(guestName ?? "");
      expect((await guest.post("/callback/user/archive-view", { archiveView: "list" })).status).toBe(200);
      expect((await guest.post("/callback/user/set-fair-play-agree/1")).status).toBe(200);
      const feed = await guest.post("/callback/user/home-recent-content-type", { recentContentType: "my_activity" });
      expect(feed.status).toBe(403);
      expect((await userFacts(db(), guestName ?? "")).homeContentType).toBe("following");
    });

    it("change only the signed-in member's own row", async () => {
      const before = await userFacts(db(), "alice");
      const bob = await as("bob");
      await bob.post("/callback/user/archive-view", { archiveView: before.archiveView === "grid" ? "list" : "grid", username: "alice", userId: before.id });
      expect((await userFacts(db(), "alice")).archiveView).toBe(before.archiveView);
    });
  });

  describe("the preferences panel", () => {
    it("shows in /settings, where players look for it, as real forms with the current values; no longer on the profile", async () => {
      const carla = await as("carla");
      await carla.post("/callback/user/archive-view", { archiveView: "list" });
      const own = await carla.html("/settings");
      expect(own).toContain('id="preferences-title"');
      expect(own).toContain('action="/callback/user/archive-view"');
      expect(own).toMatch(/<button[^>]*value="list"[^>]*aria-pressed="true"[^>]*>List</);
      expect(own).toContain('action="/callback/user/home-recent-content-type"');
      expect(own).toMatch(/action="\/callback\/user\/set-fair-play-agree\/[01]"/);
      expect(own).toContain('<input type="hidden" name="redirectUrl" value="/settings"/>');
      expect(await carla.html("/member/carla")).not.toContain('id="preferences-title"');
      expect(await carla.html("/member/alice")).not.toContain('id="preferences-title"');
      expect(await anonymous().html("/member/carla")).not.toContain('id="preferences-title"');
    });
  });
});
