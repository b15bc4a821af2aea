import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { archiveFixture, blitz, foolsMate, type ArchiveFixture } from "../../play/archive/archive.test-kit.server.ts";
import type { PlayMember } from "../../play/play-ports.server.ts";
import type { GameTerms } from "../../play/play.schema.ts";
import { games, gameSeats } from "../../play/play.tables.server.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const rapid: GameTerms = { ...blitz, control: { kind: "live", baseSeconds: 600, incrementSeconds: 0 } };
const daily: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };

/** The value a stats page shows for a figure's label (its <dt>), or null when the page has no such figure. */
function figure(html: string, label: string): string | null {
  return new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1] ?? null;
}

/**
 * The stats pages through the real server (decision 0077): games played
 * through play's services on the app's own database, then the figures each
 * page shows — checked against the games' rows read back here.
 */
describe.each(databaseTargets())("the stats pages' game figures on $name", (target) => {
  const suite = appForSuite(target);
  const get = async (path: string) => {
    const reply = await fetch(`${suite.current.baseUrl}${path}`, { redirect: "manual" });
    return { status: reply.status, html: await reply.text() };
  };
  let kit: ArchiveFixture;
  let alice: PlayMember;
  let bob: PlayMember;

  /** A rated game ending `daysAgo` days before now as `outcome` for alice (fool's mate mates white). */
  async function aliceGame(daysAgo: number, outcome: "win" | "loss", terms: GameTerms = blitz) {
    const at = new Date(Date.now() - daysAgo * DAY).toISOString();
    return outcome === "win" ? kit.game({ white: bob, black: alice, terms, at, moves: foolsMate }) : kit.game({ white: alice, black: bob, terms, at, moves: foolsMate });
  }

  beforeAll(async () => {
    // The games are dated on the fixture's clock: the app's deadline sweeper (real time) would end them mid-setup.
    await suite.current.kingside.jobs.stop();
    kit = archiveFixture(suite.current.kingside.database.db);
    alice = await kit.member("alice");
    bob = await kit.member("bob");
    // Blitz, oldest first: W W W L long ago, then W W this week — best 3, longest loss 1, current 2 wins.
    for (const [daysAgo, outcome] of [[120, "win"], [110, "win"], [100, "win"], [90, "loss"], [3, "win"], [2, "win"]] as const) await aliceGame(daysAgo, outcome);
    // Rapid only long ago: the 90-day window is empty, the streak is still there.
    await aliceGame(200, "win", rapid);
    // Daily this week: alice (white) takes 2 hours for each of her two moves; bob resigns.
    kit.clock.now = Date.now() - 2 * DAY;
    const gameId = await kit.start(alice, bob, daily);
    for (const [uci, mover] of [["e2e4", alice], ["e7e5", bob], ["g1f3", alice]] as const) {
      const view = await kit.games.view(gameId);
      kit.clock.now += mover === alice ? 2 * HOUR : 10 * 60_000;
      const made = await kit.games.move(mover, { gameId, ply: view?.ply ?? 0, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
      if (!made.ok) throw new Error(made.error);
    }
    await kit.games.act(bob, gameId, "resign");
  });

  it("shows a live type's streaks over all time and its window's games and average opponent, without the daily figures", async () => {
    const { status, html } = await get("/stats/live/blitz/alice/0");
    expect(status).toBe(200);
    expect(figure(html, "Best win streak")).toBe("3");
    expect(figure(html, "Longest losing streak")).toBe("1");
    expect(figure(html, "Current streak")).toBe("2 wins");
    expect(figure(html, "Rated games")).toBe("6");
    // The opponent's rating as each game started, read back from the games' rows.
    const rows = await suite.current.kingside.database.db
      .select({ white: games.whiteRating, black: games.blackRating, color: gameSeats.color })
      .from(gameSeats)
      .innerJoin(games, eq(games.id, gameSeats.gameId))
      .where(and(eq(gameSeats.memberId, alice.id), eq(games.ratingType, "blitz"), eq(games.status, "ended")));
    const opponents = rows.map((row) => (row.color === "white" ? row.black : row.white) ?? 0);
    expect(opponents).toHaveLength(6);
    expect(figure(html, "Average opponent rating")).toBe(Math.round(opponents.reduce((sum, rating) => sum + rating, 0) / 6).toLocaleString("en-US"));
    expect(figure(html, "Time per move")).toBeNull();
    expect(figure(html, "Timeouts")).toBeNull();
  });

  it("narrows the window's figures to the period and keeps the streaks whole", async () => {
    const week = await get("/stats/live/blitz/alice/7");
    expect(figure(week.html, "Rated games")).toBe("2");
    expect(figure(week.html, "Best win streak")).toBe("3");
    const rapidPage = await get("/stats/live/rapid/alice/90");
    expect(rapidPage.html).toContain("No rated games in this period.");
    expect(figure(rapidPage.html, "Rated games")).toBeNull();
    expect(figure(rapidPage.html, "Current streak")).toBe("1 win");
  });

  it("shows a daily type's time per move and timeout share to one decimal", async () => {
    const { html } = await get("/stats/daily/chess/alice/30");
    expect(figure(html, "Time per move")).toBe("2 hr");
    expect(figure(html, "Timeouts")).toBe("0.0%");
    expect(figure(html, "Current streak")).toBe("1 win");
    // Bob resigned: his side of the same game is a loss, his one move took 10 minutes.
    const bobs = await get("/stats/daily/chess/bob/30");
    expect(figure(bobs.html, "Current streak")).toBe("1 loss");
    expect(figure(bobs.html, "Time per move")).toBe("10 min");
  });

  it("keeps the empty state for a type never played, and shows each type's streaks on the overview", async () => {
    expect((await get("/stats/live/bullet/alice/90")).html).toContain("alice has not played a rated Bullet game yet.");
    const { html } = await get("/stats/alice");
    const cards = [...html.matchAll(/data-rating-type="(\w+)"/g)].map((match) => match[1]);
    expect(cards).toEqual(expect.arrayContaining(["blitz", "rapid", "daily"]));
    expect(html.match(/<dt>Best win streak<\/dt>/g)?.length).toBe(cards.length);
    expect(html).toContain("<dt>Current streak</dt><dd>2 wins</dd>");
  });

  it("reads each member's own side of the same games", async () => {
    const bobBlitz = await get("/stats/live/blitz/bob/0");
    // Alice's W W W L W W is bob's L L L W L L: best 1, longest loss 3, current 2 losses.
    expect(figure(bobBlitz.html, "Best win streak")).toBe("1");
    expect(figure(bobBlitz.html, "Longest losing streak")).toBe("3");
    expect(figure(bobBlitz.html, "Current streak")).toBe("2 losses");
  });
});
