import { expect, test } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * A club's forum as people use it: a member starts a topic, another member
 * replies mentioning them, the owner pins it. The club is made with rows in
 * the spec's own PostgreSQL database (this journey is about the forum, not
 * about creating and joining clubs), served by a server of the spec's own.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const port = Number(execFileSync(process.execPath, ["-e", "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"], { encoding: "utf8" }));
const baseURL = `http://127.0.0.1:${port}`;
const databaseName = `ks_e2e_forum_${randomBytes(5).toString("hex")}`;
let server: ChildProcess | undefined;

function databaseUrl(): string {
  const url = new URL(adminUrl ?? "");
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function query(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

test.describe("club forum", () => {
  test.skip(!adminUrl, "TEST_DATABASE_URL is not set: this journey needs PostgreSQL to make its club");

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    server = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl(), REDIS_URL: "", LOG_LEVEL: "warn", SEED_DEMO_GAMES: "40" },
      stdio: "inherit",
    });
    const deadline = Date.now() + 170_000;
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the club forum server did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ids = await query("select id, username_key from users where username_key in ('alice', 'bob', 'carla')");
    const idOf = (name: string): number => Number(ids.rows.find((row: { username_key: string }) => row.username_key === name)?.id);
    const club = await query("insert into clubs (url, name, description, join_policy, member_count) values ('e2e-forum-club', 'E2E Forum Club', 'For the forum journey.', 'open', 3) returning id");
    const clubId = Number(club.rows[0]?.id);
    for (const name of ["alice", "bob", "carla"]) await query("insert into club_members (club_id, user_id) values ($1, $2)", [clubId, idOf(name)]);
    await query("insert into club_roles (club_id, user_id, role) values ($1, $2, 'owner')", [clubId, idOf("alice")]);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  test("a member starts a topic, another replies and mentions them, the owner pins it and removes the reply", async ({ browser }) => {
    test.setTimeout(120_000);
    const forum = "/clubs/forum/e2e-forum-club";

    const bob = await signIn(browser, "bob", forum, { baseURL });
    const bobHealth = watchPage(bob.page);
    await bob.page.getByLabel("Title").fill("Team match lineup");
    await bob.page.getByLabel("Message").fill("Who plays **board one**? <script>alert(1)</script>");
    await bob.page.getByRole("button", { name: "Post topic" }).click();
    await expect(bob.page.getByRole("heading", { level: 1, name: "Team match lineup" })).toBeVisible();
    await expect(bob.page.locator(".ks-club-post-body strong")).toHaveText("board one");
    const topicUrl = new URL(bob.page.url()).pathname;
    expect(topicUrl).toMatch(/^\/clubs\/forum\/view\/e2e-forum-club\/\d+-team-match-lineup$/);

    const carla = await signIn(browser, "carla", forum, { baseURL });
    const carlaHealth = watchPage(carla.page);
    // Unread for Carla until she opens it.
    await expect(carla.page.locator(".ks-club-topic-unread")).toHaveCount(1);
    await carla.page.getByRole("link", { name: "Team match lineup" }).click();
    await carla.page.getByLabel("Message").fill("I can, @bob!");
    await carla.page.getByRole("button", { name: "Post reply" }).click();
    await expect(carla.page.locator(".ks-club-post")).toHaveCount(2);
    await expect(carla.page.locator(".ks-club-post a.ks-mention")).toHaveAttribute("href", "/member/bob");
    // Members get no moderation buttons.
    await expect(carla.page.getByRole("button", { name: "Pin" })).toHaveCount(0);

    const alice = await signIn(browser, "alice", topicUrl, { baseURL });
    const aliceHealth = watchPage(alice.page);
    await alice.page.getByRole("button", { name: "Pin" }).click();
    await expect(alice.page.getByRole("button", { name: "Unpin" })).toBeVisible();
    // The owner takes Carla's reply down: DELETE /callback/comment/{id} from the page, which reloads its data.
    const deleted = alice.page.waitForResponse((response) => response.request().method() === "DELETE" && /\/callback\/comment\/\d+$/.test(new URL(response.url()).pathname));
    await alice.page.getByRole("button", { name: "Delete the post by carla" }).click();
    expect((await deleted).status()).toBe(200);
    await expect(alice.page.locator(".ks-club-post")).toHaveCount(1);
    await alice.page.goto(forum);
    await expect(alice.page.locator(".ks-club-topic").first()).toContainText("Pinned");

    // Narrow phones: no horizontal scroll on the forum, the topic or the notes.
    await alice.page.setViewportSize({ width: 330, height: 700 });
    for (const path of [forum, topicUrl, "/club/notes/e2e-forum-club"]) {
      await alice.page.goto(path);
      expect(await alice.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(330);
    }

    // Bob was told about the mention.
    await bob.page.goto("/notifications");
    await expect(bob.page.getByText("carla mentioned you in “Team match lineup”")).toBeVisible();

    for (const health of [bobHealth, carlaHealth, aliceHealth]) health.expectHealthy();
    await Promise.all([bob.context.close(), carla.context.close(), alice.context.close()]);
  });
});
