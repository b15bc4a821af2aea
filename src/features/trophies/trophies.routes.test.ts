import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { notifications } from "../notifications/notifications.tables.server.ts";
import { games } from "../play/play.tables.server.ts";
import { variants } from "../../chess/variants.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { memberTrophies } from "./trophies.tables.server.ts";

interface TrophyBody {
  readonly id: number;
  readonly trophyId: number;
  readonly code: string;
  readonly awardedBy: string | null;
  readonly message: string | null;
  readonly gameId: number | null;
  readonly isLiveGame: boolean;
  readonly featured: boolean;
}

describe.each(databaseTargets())("trophies over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }
  async function awardsBy(username: string): Promise<number> {
    const rows = await db().select({ id: memberTrophies.id }).from(memberTrophies).where(eq(memberTrophies.awarderId, await idOf(username)));
    return rows.length;
  }
  async function trophyNoticesOf(username: string) {
    return db().select({ payload: notifications.payload }).from(notifications).where(and(eq(notifications.memberId, await idOf(username)), eq(notifications.type, "trophies.awarded")));
  }
  const bodyOf = async (response: Response) => (await response.json()) as { code?: string; trophy?: TrophyBody; trophies?: TrophyBody[]; count?: number; showcase?: TrophyBody[] };

  it("awards a social trophy with an encoded message and a game, lists it, counts it, shows it, and notifies the recipient", async () => {
    const [game] = await db().select({ id: games.id }).from(games).orderBy(games.id).limit(1);
    if (!game) throw new Error("the demo has games");
    const alice = await as("alice");
    const response = await alice.post(`/callback/award/trophy/carla/1`, { message: "<b>gg</b> well played", gameId: String(game.id) });
    expect(response.status).toBe(200);
    const { trophy } = await bodyOf(response);
    expect(trophy).toMatchObject({ trophyId: 1, code: "good_game", awardedBy: "alice", message: "&lt;b&gt;gg&lt;/b&gt; well played", gameId: game.id });

    const listed = await bodyOf(await anonymous().request("GET", "/callback/member/trophy/carla/social"));
    expect(listed.trophies?.map((entry) => entry.id)).toContain(trophy?.id);
    const achievements = await bodyOf(await anonymous().request("GET", "/callback/member/trophy/carla/achievement"));
    expect(achievements.trophies?.map((entry) => entry.id)).not.toContain(trophy?.id);
    expect((await bodyOf(await anonymous().request("GET", "/callback/count/user_trophy/carla"))).count).toBeGreaterThanOrEqual(1);
    expect((await bodyOf(await anonymous().request("GET", "/callback/user/trophy/carla/showcase"))).showcase?.map((entry) => entry.id)).toContain(trophy?.id);

    const notices = await trophyNoticesOf("carla");
    expect(notices.map((notice) => notice.payload)).toContainEqual({ from: "alice", recipient: "carla", trophyId: 1 });

    // The recipient's profile shows it in the cabinet, drawn by the server: the message as text (React escapes it once, no double encoding).
    const profile = await (await anonymous().request("GET", "/member/carla")).text();
    const cabinet = profile.slice(profile.indexOf('id="trophies"'));
    expect(cabinet).toContain('data-trophy="good_game"');
    expect(cabinet).toContain("&lt;b&gt;gg&lt;/b&gt; well played");
    expect(cabinet).not.toContain("&amp;lt;");
    expect(cabinet).toContain("from alice");
    // A visitor is offered no award button; a member is, and the award call is what it makes.
    expect(cabinet).not.toContain('data-action="award-trophy"');
    const asBob = await (await (await as("bob")).request("GET", "/member/carla")).text();
    expect(asBob.slice(asBob.indexOf('id="trophies"'))).toContain('data-action="award-trophy"');
  });

  it("shows the showcase on the profile featured first, then newest, with the count", async () => {
    const staff = await as("staff");
    for (const trophyId of [4, 6]) expect((await staff.post(`/callback/award/trophy/moderator/${trophyId}`, {})).status).toBe(200);
    const [older] = await db().select({ id: memberTrophies.id }).from(memberTrophies).where(and(eq(memberTrophies.recipientId, await idOf("moderator")), eq(memberTrophies.trophyId, 4)));
    if (!older) throw new Error("the award was written");
    const codesShown = async () => [...(await (await anonymous().request("GET", "/member/moderator")).text()).matchAll(/data-trophy="([a-z_0-9]+)"/g)].map((match) => match[1]);
    expect(await codesShown()).toEqual(["fast_hands", "helpful"]);
    expect((await (await as("moderator")).post(`/callback/feature/trophy/${older.id}/1`, {})).status).toBe(200);
    const page = await (await anonymous().request("GET", "/member/moderator")).text();
    expect(await codesShown()).toEqual(["helpful", "fast_hands"]);
    expect(page).toContain("2 trophies");
    expect(page).toMatch(/class="ks-trophy ks-trophy-featured" data-trophy="helpful"/);
  });

  it("offers the award from a game page to its players when both are members, with the game filled in", async () => {
    const services = suite.current.kingside.services;
    const [alice, bob] = await Promise.all([services.memberDirectory.memberByUsername("alice"), services.memberDirectory.memberByUsername("bob")]);
    if (!alice || !bob) throw new Error("demo members");
    const terms = { rules: "standard", control: { kind: "daily", daysPerMove: 3 }, rated: false, color: "white" } as const;
    const game = await services.games.startVariantGame({ variant: variants.standard, memberIds: [alice.id, bob.id], terms });
    const awardButton = /<button[^>]*data-action="award-trophy"[^>]*>Award a trophy to bob<\/button>/;
    const asAlice = async (id: number) => (await (await as("alice")).request("GET", `/game/${id}`)).text();
    // While the game runs, and after it ended.
    expect(await asAlice(game.id)).toMatch(awardButton);
    expect((await services.games.act({ id: bob.id, username: bob.username, level: bob.membershipLevel }, game.id, "resign")).ok).toBe(true);
    expect(await asAlice(game.id)).toMatch(awardButton);
    // Not to a spectator, not to a visitor.
    expect(await (await (await as("carla")).request("GET", `/game/${game.id}`)).text()).not.toContain('data-action="award-trophy"');
    expect(await (await anonymous().request("GET", `/game/${game.id}`)).text()).not.toContain('data-action="award-trophy"');
    // Not from an aborted game.
    const aborted = await services.games.startVariantGame({ variant: variants.standard, memberIds: [alice.id, bob.id], terms });
    expect((await services.games.act({ id: alice.id, username: alice.username, level: alice.membershipLevel }, aborted.id, "abort")).ok).toBe(true);
    expect(await asAlice(aborted.id)).not.toContain('data-action="award-trophy"');
  });

  it("refuses an unknown trophy, an achievement, a bad or missing game, oneself and a visitor, and writes nothing", async () => {
    const alice = await as("alice");
    const before = await awardsBy("alice");
    const unknown = await alice.post("/callback/award/trophy/carla/999", {});
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).code).toBe("trophy_unknown");
    expect((await bodyOf(await alice.post("/callback/award/trophy/carla/101", {}))).code).toBe("trophy_unknown");
    const badGame = await alice.post("/callback/award/trophy/carla/2", { gameId: "12abc" });
    expect(badGame.status).toBe(422);
    expect((await bodyOf(badGame)).code).toBe("game_unknown");
    expect((await bodyOf(await alice.post("/callback/award/trophy/carla/2", { gameLiveId: 987_654_321 }))).code).toBe("game_unknown");
    expect((await bodyOf(await alice.post("/callback/award/trophy/alice/2", {}))).code).toBe("self");
    expect((await bodyOf(await alice.post("/callback/award/trophy/nobody-here/2", {}))).code).toBe("not_found");
    expect((await anonymous().post("/callback/award/trophy/carla/2", {})).status).toBe(401);
    expect(await awardsBy("alice")).toBe(before);
  });

  it("refuses awards between members when either blocked the other", async () => {
    const carla = await as("carla");
    expect((await carla.post("/callback/member/bob/block", {})).status).toBe(200);
    const bob = await as("bob");
    const refused = await bob.post("/callback/award/trophy/carla/3", { message: "hi" });
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).code).toBe("blocked_by_member");
    expect((await bodyOf(await carla.post("/callback/award/trophy/bob/3", {}))).code).toBe("blocked");
    expect(await awardsBy("bob")).toBe(0);
    expect((await carla.post("/callback/member/bob/unblock", {})).status).toBe(200);
  });

  it("counts awards against the monthly allowance: a basic member awards one a month", async () => {
    const bob = await as("bob");
    const left = async () => (await bodyOf(await bob.get("/callback/award/trophies/left"))).count;
    expect(await left()).toBe(1);
    expect((await bob.post("/callback/award/trophy/alice/4", { message: "thanks" })).status).toBe(200);
    expect(await left()).toBe(0);
    const second = await bob.post("/callback/award/trophy/alice/5", {});
    expect(second.status).toBe(403);
    expect((await bodyOf(second)).code).toBe("no_awards_left");
    expect(await awardsBy("bob")).toBe(1);
    // Last month's awards do not count.
    await db().update(memberTrophies).set({ awardedAt: sql`now() - interval '40 days'` }).where(eq(memberTrophies.awarderId, await idOf("bob")));
    expect(await left()).toBe(1);
    expect((await bob.post("/callback/award/trophy/alice/5", {})).status).toBe(200);
    // A visitor has no allowance to ask about.
    expect((await anonymous().get("/callback/award/trophies/left")).status).toBe(401);
  });

  it("lets the holder feature a trophy (0 or 1) and nobody else", async () => {
    const [row] = await db().select({ id: memberTrophies.id }).from(memberTrophies).where(eq(memberTrophies.recipientId, await idOf("alice"))).limit(1);
    if (!row) throw new Error("alice holds a trophy");
    const carla = await as("carla");
    const refused = await carla.post(`/callback/feature/trophy/${row.id}/1`, {});
    expect(refused.status).toBe(403);
    const alice = await as("alice");
    const featured = await bodyOf(await alice.post(`/callback/feature/trophy/${row.id}/1`, {}));
    expect(featured.trophy?.featured).toBe(true);
    expect((await bodyOf(await anonymous().request("GET", "/callback/user/trophy/alice/showcase"))).showcase?.[0]?.id).toBe(row.id);
    expect((await alice.post(`/callback/feature/trophy/${row.id}/2`, {})).status).toBe(404);
    expect((await bodyOf(await alice.post(`/callback/feature/trophy/${row.id}/0`, {}))).trophy?.featured).toBe(false);
  });

  it("lists the catalogue by type, a page at a time", async () => {
    const first = (await (await anonymous().request("GET", "/callback/trophies?trophyType=social&page=1")).json()) as { data: { type: string }[]; meta: { currentPage: number; morePages: boolean } };
    expect(first.meta).toEqual({ currentPage: 1, morePages: true });
    expect(first.data.every((entry) => entry.type === "social")).toBe(true);
    const second = (await (await anonymous().request("GET", "/callback/trophies?trophyType=social&page=2")).json()) as { data: unknown[]; meta: { morePages: boolean } };
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.meta.morePages).toBe(false);
    expect((await anonymous().request("GET", "/callback/trophies?trophyType=shiny")).status).toBe(422);
  });
});
