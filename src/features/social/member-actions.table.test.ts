import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client.server.ts";
import { parseHumanCheckLimits } from "../../platform/security/human-check/human-check-limits.ts";
import { databaseTargets } from "../../test/databases.ts";
import type { HttpSession } from "../../test/http-session.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { levels } from "../accounts/levels.ts";
import { cardAccountActions, cardActions, type CardViewer } from "./card/card-actions.ts";
import { popupResponseSchema } from "./card/user-card.schema.ts";
import { usernamePath } from "./card/user-card-calls.ts";
import type { SocialActionId } from "./member-actions.policy.ts";

/**
 * The user card against the server's real answers (issue 10 item 9): for
 * every kind of viewer and of member, each action the card offers is accepted
 * by its route, and each one it does not offer is refused. The card's side is
 * the browser's own cardActions() on the card the popup call returns; the
 * server's side is the route, on a database reset before every call.
 */

type ViewerKind = "anonymous" | "guest" | "basic" | "permanent premium" | "moderator" | "staff";
type SubjectKind = "guest" | "basic" | "permanent premium" | "moderator" | "staff" | "blocks the viewer" | "blocked by the viewer";

/** The actions that have a route today, and the call each makes (the card's targets, card-action-targets.ts). */
const routedActions: Readonly<Partial<Record<SocialActionId, (username: string) => { method: string; path: string; json: unknown }>>> = {
  addFriend: (username) => ({ method: "POST", path: `/callback/friend/${usernamePath(username)}/request`, json: {} }),
  follow: (username) => ({ method: "POST", path: `/callback/member/${usernamePath(username)}/track`, json: {} }),
  block: (username) => ({ method: "POST", path: `/callback/member/${usernamePath(username)}/block`, json: {} }),
  unblock: (username) => ({ method: "POST", path: `/callback/member/${usernamePath(username)}/unblock`, json: {} }),
  report: (username) => ({ method: "POST", path: "/callback/report-user", json: { abuser_username: username, reason: "spam" } }),
  giftMembership: (username) => ({ method: "POST", path: `/callback/membership/gift/${usernamePath(username)}`, json: { level: "gold", period: "monthly" } }),
};
const actions = Object.keys(routedActions) as SocialActionId[];

const viewerKinds: readonly ViewerKind[] = ["anonymous", "guest", "basic", "permanent premium", "moderator", "staff"];
const subjectKinds: readonly SubjectKind[] = ["guest", "basic", "permanent premium", "moderator", "staff", "blocks the viewer", "blocked by the viewer"];

/** The subject accounts: members of the demo data turned into each kind before every call. */
const subjectLevels: Readonly<Record<SubjectKind, number>> = {
  guest: levels.guest,
  basic: levels.basic,
  "permanent premium": levels.gold,
  moderator: levels.moderator,
  staff: levels.staff,
  "blocks the viewer": levels.basic,
  "blocked by the viewer": levels.basic,
};

describe.each(databaseTargets())("the card's actions against the routes' answers on $name", (target) => {
  // Every call from its own address, so the per-address rate limits and human check never answer instead of the rule.
  const suite = appForSuite(target, { seedDemoData: true, trustProxy: { hops: 1 }, humanCheckLimits: parseHumanCheckLimits("report=100000,friend_request=100000") });
  const { anonymous, as } = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  let address = 0;
  const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

  interface Viewer {
    readonly browser: HttpSession;
    readonly card: CardViewer;
  }

  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username.toLowerCase()));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }

  async function viewerOf(kind: ViewerKind): Promise<Viewer> {
    if (kind === "anonymous") {
      const browser = anonymous();
      await browser.ensureCsrf();
      return { browser, card: { isLoggedIn: false, isGuest: false, id: null, username: "", isModerator: false } };
    }
    if (kind === "guest") {
      const browser = anonymous();
      await browser.ensureCsrf();
      const created = await browser.request("POST", "/guest", { json: {}, headers: { accept: "application/json", "x-forwarded-for": nextAddress() } });
      const { username } = (await created.json()) as { username: string };
      return { browser, card: { isLoggedIn: true, isGuest: true, id: await idOf(username), username, isModerator: false } };
    }
    const username = { basic: "bob", "permanent premium": "alice", moderator: "moderator", staff: "staff" }[kind];
    const isModerator = kind === "moderator" || kind === "staff";
    return { browser: await as(username), card: { isLoggedIn: true, isGuest: false, id: await idOf(username), username, isModerator } };
  }

  /** One generated basic member per subject kind, reset to its kind before each call. */
  async function subjectAccounts(): Promise<Record<SubjectKind, { id: number; username: string }>> {
    const rows = await queryRows(db(), sql`select id, username from users where membership_level = 10 and is_enabled and username_key not in ('alice', 'bob', 'carla', 'moderator', 'staff') order by id limit ${subjectKinds.length}`);
    return Object.fromEntries(subjectKinds.map((kind, index) => [kind, { id: Number(rows[index]?.id), username: String(rows[index]?.username) }])) as Record<SubjectKind, { id: number; username: string }>;
  }

  async function reset(viewer: Viewer, subject: { id: number }, kind: SubjectKind): Promise<void> {
    await db().execute(sql`truncate friend_requests, friendships, follows, blocks, member_reports`);
    await db().update(users).set({ membershipLevel: subjectLevels[kind], membershipExpiresAt: null, isEnabled: true }).where(eq(users.id, subject.id));
    const viewerId = viewer.card.id;
    if (viewerId === null) return;
    if (kind === "blocks the viewer") await db().execute(sql`insert into blocks (blocker_id, blocked_id) values (${subject.id}, ${viewerId})`);
    if (kind === "blocked by the viewer") await db().execute(sql`insert into blocks (blocker_id, blocked_id) values (${viewerId}, ${subject.id})`);
  }

  it("offers exactly what the server accepts, for every kind of viewer and member", async () => {
    const subjects = await subjectAccounts();
    const mismatches: string[] = [];
    const seen = { offered: 0, refused: 0 };
    for (const viewerKind of viewerKinds) {
      const viewer = await viewerOf(viewerKind);
      for (const subjectKind of subjectKinds) {
        const subject = subjects[subjectKind];
        // A refusal changes nothing, so the database is reset only before a kind's first call and after an accepted one.
        let dirty = true;
        for (const action of actions) {
          if (dirty) await reset(viewer, subject, subjectKind);
          const popup = await viewer.browser.request("GET", `/callback/user/popup/${usernamePath(subject.username)}`, { headers: { accept: "application/json" } });
          const card = popupResponseSchema.parse(await popup.json()).user;
          const offered = cardActions(viewer.card, card).includes(action);
          const call = routedActions[action]?.(subject.username);
          if (!call) throw new Error(action);
          const answer = await viewer.browser.request(call.method, call.path, { json: call.json, headers: { accept: "application/json", "x-forwarded-for": nextAddress() } });
          const accepted = answer.status >= 200 && answer.status < 300;
          dirty = accepted;
          seen[accepted ? "offered" : "refused"] += 1;
          if (offered !== accepted) mismatches.push(`${viewerKind} → ${subjectKind}: ${action} ${offered ? "offered" : "hidden"} but the server answered ${answer.status} ${await answer.text()}`);
        }
      }
    }
    await db().update(users).set({ membershipLevel: levels.basic }).where(inArray(users.id, Object.values(subjects).map((subject) => subject.id)));
    expect(mismatches).toEqual([]);
    // The table exercises both answers (a rule that refused everything would agree with a card that offers nothing).
    expect(seen.offered).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
    // 252 calls, each on a reset database: longer than the suite's default on a busy machine.
  }, 240_000);

  it("tells a guest who acts apart from a member acting on a guest", async () => {
    const subjects = await subjectAccounts();
    const guest = await viewerOf("guest");
    const bob = await viewerOf("basic");
    await reset(bob, subjects.guest, "guest");
    const byGuest = await guest.browser.request("POST", `/callback/member/${usernamePath(subjects.basic.username)}/track`, { json: {}, headers: { accept: "application/json" } });
    expect(byGuest.status).toBe(403);
    expect(await byGuest.json()).toMatchObject({ code: "guest", message: "You are playing as a guest. Create an account to make friends, follow and block." });
    const onGuest = await bob.browser.request("POST", `/callback/friend/${usernamePath(subjects.guest.username)}/request`, { json: {}, headers: { accept: "application/json" } });
    expect(onGuest.status).toBe(403);
    expect(await onGuest.json()).toMatchObject({ code: "member_is_guest", message: "This member plays as a guest: guests have no friends, followers or blocks." });
    expect(await queryRows(db(), sql`select 1 from friend_requests union all select 1 from follows`)).toEqual([]);
  });

  it("invites the visitors without a member account to sign in exactly where a member would be let through", async () => {
    const subjects = await subjectAccounts();
    const visitor = await viewerOf("anonymous");
    const bob = await viewerOf("basic");
    await reset(bob, subjects.basic, "basic");
    const popup = await visitor.browser.request("GET", `/callback/user/popup/${usernamePath(subjects.basic.username)}`, { headers: { accept: "application/json" } });
    const card = popupResponseSchema.parse(await popup.json()).user;
    expect(cardActions(visitor.card, card)).toEqual([]);
    expect(cardAccountActions(visitor.card, card)).toEqual(["addFriend", "follow", "challenge"]);
    const refused = await visitor.browser.request("POST", `/callback/friend/${usernamePath(subjects.basic.username)}/request`, { json: {}, headers: { accept: "application/json" } });
    expect(refused.status).toBe(401);
  });
});
