import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { levels } from "../../accounts/levels.ts";
import { cardActionTarget } from "./card-action-targets.ts";
import { cardActions, type CardViewer } from "./card-actions.ts";
import { popupResponseSchema } from "./user-card.schema.ts";
import { generateLink } from "../../../platform/links/links.ts";

/**
 * Mute and Unmute on the card (spec 000 §7 mute-account): what the card
 * offers agrees with what the server accepts, for every kind of member, and
 * the server's refusals change nothing.
 */
describe.each(databaseTargets())("muting from the card on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const browsers = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  const viewer: CardViewer = { isLoggedIn: true, isGuest: false, id: null, username: "alice", isModerator: false };

  beforeAll(async () => {
    await db().insert(users).values([
      { username: "muteguest", usernameKey: "muteguest", membershipLevel: levels.guest },
      { username: "muteclosed", usernameKey: "muteclosed", membershipLevel: levels.closed_abuse },
      { username: "mutedisabled", usernameKey: "mutedisabled", isEnabled: false },
    ]);
  });

  const mutesOf = async (muter: string) =>
    Number((await queryRows(db(), sql`select count(*)::int as n from mutes m join users u on u.id = m.muter_id where u.username_key = ${muter}`))[0]?.n);

  /** What alice's card for `username` offers, and what the server answers when she takes the card's mute action's call anyway. */
  async function offeredAndAnswered(username: string, action: "muteAccount" | "unmuteAccount") {
    const alice = await browsers.as("alice");
    const popup = await alice.request("GET", `/callback/user/popup/${username}`, { headers: { accept: "application/json" } });
    const { user: card } = popupResponseSchema.parse(await popup.json());
    const me = popupResponseSchema.parse(await (await alice.request("GET", "/callback/user/popup/alice", { headers: { accept: "application/json" } })).json()).user;
    const offered = cardActions({ ...viewer, id: me.userId }, card).includes(action);
    const callTarget = cardActionTarget(action, { username, viewerUsername: "alice", gameLink: null, link: generateLink });
    if (callTarget.kind !== "call") throw new Error(`${action} is a call`);
    const answer = await alice.request(callTarget.method, callTarget.path, { json: {} });
    return { offered, status: answer.status, body: (await answer.json()) as { code?: string; relationship?: { isMuted: boolean } } };
  }

  it.each([
    { kind: "a basic member", username: "bob", offered: true, status: 200 },
    { kind: "a diamond member", username: "carla", offered: true, status: 200 },
    { kind: "a moderator", username: "moderator", offered: true, status: 200 },
    { kind: "staff", username: "staff", offered: true, status: 200 },
    { kind: "a guest", username: "muteguest", offered: false, status: 403 },
    { kind: "a closed account", username: "muteclosed", offered: false, status: 403 },
    { kind: "a disabled account", username: "mutedisabled", offered: false, status: 403 },
  ])("offers Mute on $kind exactly when the server accepts it", async ({ username, offered, status }) => {
    const result = await offeredAndAnswered(username, "muteAccount");
    expect(result.offered).toBe(offered);
    expect(result.status).toBe(status);
    if (status === 200) {
      expect(result.body.relationship?.isMuted).toBe(true);
      // Muted: the card now offers Unmute, not Mute, and the server agrees.
      const again = await offeredAndAnswered(username, "muteAccount");
      expect(again).toMatchObject({ offered: false, status: 409, body: { code: "already_muted" } });
      const undo = await offeredAndAnswered(username, "unmuteAccount");
      expect(undo).toMatchObject({ offered: true, status: 200, body: { relationship: { isMuted: false } } });
    }
  });

  it("offers Unmute only while muted, also when the account was closed since", async () => {
    expect(await offeredAndAnswered("bob", "unmuteAccount")).toMatchObject({ offered: false, status: 409, body: { code: "not_muted" } });
    expect((await offeredAndAnswered("bob", "muteAccount")).status).toBe(200);
    await db().execute(sql`update users set membership_level = ${levels.closed_voluntarily} where username_key = 'bob'`);
    try {
      expect(await offeredAndAnswered("bob", "unmuteAccount")).toMatchObject({ offered: true, status: 200 });
    } finally {
      await db().execute(sql`update users set membership_level = ${levels.basic} where username_key = 'bob'`);
    }
  });

  it("refuses muting oneself, an unknown member, anonymous visitors and guests, and mutes nobody", async () => {
    const before = await mutesOf("alice");
    const alice = await browsers.as("alice");
    expect(await alice.request("POST", "/callback/member/alice/mute-account", { json: {} })).toMatchObject({ status: 422 });
    expect(await alice.request("POST", "/callback/member/nobody-here/mute-account", { json: {} })).toMatchObject({ status: 404 });
    expect(await alice.request("POST", "/callback/member/not%20a%20name/mute-account", { json: {} })).toMatchObject({ status: 404 });
    expect(await mutesOf("alice")).toBe(before);

    const anonymous = new HttpSession(suite.current.baseUrl);
    await anonymous.ensureCsrf();
    expect((await anonymous.request("POST", "/callback/member/bob/mute-account", { json: {} })).status).toBe(401);

    // A guest (staff, made a guest for the test) may not mute.
    await db().execute(sql`update users set membership_level = ${levels.guest} where username_key = 'staff'`);
    try {
      const guest = new HttpSession(suite.current.baseUrl);
      expect((await guest.signIn("staff", "kingside-demo")).status).toBe(200);
      const refused = await guest.request("POST", "/callback/member/bob/mute-account", { json: {} });
      expect(refused.status).toBe(403);
      expect(await mutesOf("staff")).toBe(0);
    } finally {
      await db().execute(sql`update users set membership_level = ${levels.staff} where username_key = 'staff'`);
    }
  });
});
