import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../platform/db/client.server.ts";
import { databaseTargets } from "../test/databases.ts";
import { browsersForSuite, signedInAs } from "../test/signed-in.ts";
import { appForSuite } from "../test/start-app.ts";

/** The app's clock, moved forward by the test past the kept answers' second. */
const clock = { offsetMs: 0 };
const later = () => (clock.offsetMs += 1_001);

/**
 * Decision 0067: presence and a visitor's user card are kept a second per
 * instance, as everyone's answers; a signed-in viewer's card never is; a
 * quiet read takes the session as read a moment ago, but never one ended here.
 */
describe.each(databaseTargets())("answers kept for a second on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true }, { clock: () => Date.now() + clock.offsetMs });
  const { anonymous, as } = browsersForSuite(suite);

  async function idOf(username: string): Promise<number> {
    const [row] = await queryRows(suite.current.kingside.database.db, sql`select id from users where username = ${username}`);
    return Number(row?.id);
  }

  it("keeps presence for the same ids for a second, then reads it afresh", async () => {
    const carla = await idOf("carla");
    const statusAt = async (ids: string) => {
      const response = await anonymous().get(`/callback/presence?ids=${ids}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { presence: { id: number; statusAt: string }[] }).presence.find((presence) => presence.id === carla)?.statusAt;
    };
    const first = await statusAt(String(carla));
    // A later departure than any on record: the answer read afresh shows it.
    const seen = new Date(Math.floor(Date.now() / 1000) * 1000 - 1_000);
    await queryRows(
      suite.current.kingside.database.db,
      sql`insert into member_presence (user_id, last_seen_at) values (${carla}, ${seen.toISOString()}) on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
    );
    // Within the second: the kept answer for these ids; other ids are another answer, read now.
    expect(await statusAt(String(carla))).toBe(first);
    expect(await statusAt(`${carla},1`)).toBe(seen.toISOString());
    later();
    expect(await statusAt(String(carla))).toBe(seen.toISOString());
  });

  it("keeps a visitor's card for a second, and never a signed-in viewer's", async () => {
    const bob = await idOf("bob");
    const country = async (browser: { get(path: string): Promise<Response> }) => {
      const response = await browser.get("/callback/user/popup/bob");
      expect(response.status).toBe(200);
      return ((await response.json()) as { user: { countryId: string } }).user.countryId;
    };
    const before = await country(anonymous());
    const changed = before === "NO" ? "SE" : "NO";
    await queryRows(suite.current.kingside.database.db, sql`update users set country_code = ${changed} where id = ${bob}`);
    expect(await country(anonymous())).toBe(before);
    expect(await country(await as("alice"))).toBe(changed);
    later();
    expect(await country(anonymous())).toBe(changed);
    // Nobody is kept as found: a member who does not exist is 404 with its message, afresh or kept.
    for (let ask = 0; ask < 2; ask++) {
      const missing = await anonymous().get("/callback/user/popup/nobody-here");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("refuses a quiet read with a session signed out on this instance at once, though it was read a moment before", async () => {
    const carla = await signedInAs(suite, "carla");
    const cookie = carla.cookies.get("ks_session");
    expect((await carla.get("/callback/notifications/unread")).status).toBe(200);
    expect((await carla.postForm("/logout", {})).status).toBeLessThan(400);
    const stolen = anonymous();
    stolen.cookies.set("ks_session", cookie ?? "");
    expect((await stolen.get("/callback/notifications/unread")).status).toBe(401);
  });
});
