import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clubs } from "../clubs/clubs.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { teamMatchChallenges, teamMatches } from "./team-matches.tables.server.ts";

const dailyTerms = { kind: "daily", rules: "standard", daysPerMove: 3, rated: true, maxBoards: 10, startsInHours: 24 } as const;

/**
 * Decision 0076: the club page shows its owner and admins the pending
 * challenges (received and sent) with the way to the club challenges page,
 * and nobody else; a registering match's page renders its start time on the
 * server (the countdown itself runs in the browser).
 */
describe.each(databaseTargets())("team matches on the club page and the match page on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  const html = async (response: Response) => ({ status: response.status, text: await response.text() });

  async function clubId(url: string): Promise<number> {
    const [row] = await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, url));
    if (!row) throw new Error(`no club ${url}`);
    return row.id;
  }

  it("lists pending challenges for each side's owner and admins only, and drops them once answered", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    expect((await (await as("alice")).post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid, name: "Club Page Cup" })).status).toBe(200);

    const aliceKnights = await html(await (await as("alice")).get("/club/kingside-knights"));
    expect(aliceKnights.status).toBe(200);
    expect(aliceKnights.text).toContain('data-summary="pending-challenges"');
    expect(aliceKnights.text).toContain("You challenged Madrid Masters: Club Page Cup");
    expect(aliceKnights.text).toMatch(/href="\/play\/online\/club-challenges"[^>]*data-testid="club-challenges-link"/);
    const carlaMadrid = await html(await (await as("carla")).get("/club/madrid-masters"));
    expect(carlaMadrid.text).toContain("Kingside Knights challenges you: Club Page Cup");

    // A plain member (bob, of the Knights) and a visitor see no such section.
    for (const page of [await html(await (await as("bob")).get("/club/kingside-knights")), await html(await anonymous().request("GET", "/club/kingside-knights"))]) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('data-summary="pending-challenges"');
      expect(page.text).not.toContain("Club Page Cup");
    }

    // Declined: it leaves both clubs' pages; the section stays, empty.
    const [challenge] = await db().select({ id: teamMatchChallenges.id }).from(teamMatchChallenges).orderBy(desc(teamMatchChallenges.id)).limit(1);
    expect((await (await as("carla")).post(`/callback/clubs/match_challenge/${challenge?.id ?? 0}/decline`)).status).toBe(200);
    const after = await html(await (await as("alice")).get("/club/kingside-knights"));
    expect(after.text).not.toContain("Club Page Cup");
    expect(after.text).toContain("No pending challenges.");
  });

  it("renders a registering match's start time on the server, and no countdown once it has started", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    expect((await (await as("alice")).post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, kind: "live", baseMinutes: 10, incrementSeconds: 0, gamesPerBoard: 1, opponentClubId: madrid, name: "Countdown Cup" })).status).toBe(200);
    const [challenge] = await db().select({ id: teamMatchChallenges.id }).from(teamMatchChallenges).orderBy(desc(teamMatchChallenges.id)).limit(1);
    const accepted = (await (await (await as("carla")).post(`/callback/clubs/match_challenge/${challenge?.id ?? 0}/accept/${madrid}`)).json()) as { matchId: number };
    const [match] = await db().select({ startsAt: teamMatches.startsAt }).from(teamMatches).where(eq(teamMatches.id, accepted.matchId));
    const iso = match?.startsAt.toISOString() ?? "";

    const page = await html(await anonymous().request("GET", `/club/matches/${accepted.matchId}`));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<time dateTime="${iso}">Starts at ${iso.slice(0, 16).replace("T", " ")} UTC</time>`);
    // The ticking part is the browser's: the server sends none, so hydration matches.
    expect(page.text).not.toContain('data-testid="match-countdown-clock"');

    // Started (nobody signed up: cancelled) — no countdown any more.
    expect((await (await as("alice")).post(`/club/matches/start/${accepted.matchId}`)).status).toBe(200);
    expect((await html(await anonymous().request("GET", `/club/matches/${accepted.matchId}`))).text).not.toContain('data-testid="match-countdown"');
  });
});
