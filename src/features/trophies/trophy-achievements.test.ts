import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { notifications } from "../notifications/notifications.tables.server.ts";
import { gameEndedDomainEvent } from "../play/play.domain-events.server.ts";
import { publishDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { domainEvents } from "../../platform/domain-events/domain-events.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite } from "../../test/start-app.ts";
import { memberTrophies } from "./trophies.tables.server.ts";
import { trophyByCode, type TrophyCode } from "./trophy-catalogue.ts";

async function waitFor(condition: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseTargets())("achievement trophies on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const achievements = () => suite.current.kingside.services.trophyAchievements;

  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }
  async function held(memberId: number, code: TrophyCode): Promise<number> {
    const rows = await db().select({ id: memberTrophies.id }).from(memberTrophies).where(and(eq(memberTrophies.recipientId, memberId), eq(memberTrophies.trophyId, trophyByCode(code).id)));
    return rows.length;
  }
  async function earnedNotices(memberId: number): Promise<number> {
    return (await db().select({ id: notifications.id }).from(notifications).where(and(eq(notifications.memberId, memberId), eq(notifications.type, "trophies.earned")))).length;
  }
  const game = (whiteId: number, blackId: number, result: "1-0" | "0-1" | "1/2-1/2" | "*") => ({ gameId: 1, whiteId, blackId, ratingType: "blitz", rated: true, speed: "live", tags: null, result, reason: "checkmate" });

  it("awards a first win from play's game-ended event, once, even when the event is handled again", async () => {
    const winner = await idOf("moderator");
    const loser = await idOf("staff");
    await db().transaction((tx) => publishDomainEvent(tx, gameEndedDomainEvent, game(winner, loser, "1-0")));
    // The dispatcher hands the event to the trophies feature's subscriber (polling, as after any commit).
    await waitFor(async () => (await held(winner, "first_win")) === 1);
    expect(await earnedNotices(winner)).toBe(1);
    expect(await held(loser, "first_win")).toBe(0);

    // The same event again (a redelivery after a crash): nothing more is counted or awarded.
    const [delivered] = await db()
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, "play.game-ended"), sql`(${domainEvents.payload}->>'whiteId')::int = ${winner}`));
    const again = { eventId: delivered?.id ?? 0, whiteId: winner, blackId: loser, result: "1-0" as const };
    const streakBefore = await achievements().winStreakOf(winner);
    await achievements().gameEnded(again);
    await achievements().gameEnded(again);
    expect(await achievements().winStreakOf(winner)).toBe(streakBefore);
    expect(await held(winner, "first_win")).toBe(1);
    expect(await earnedNotices(winner)).toBe(1);
  });

  it("awards a streak of three wins once, and a loss or a draw ends the run; aborted games count for nothing", async () => {
    const player = await idOf("alice");
    const opponent = await idOf("bob");
    const base = 9_000_000;
    await achievements().gameEnded({ eventId: base + 1, whiteId: player, blackId: opponent, result: "1-0" });
    await achievements().gameEnded({ eventId: base + 2, whiteId: opponent, blackId: player, result: "0-1" });
    await achievements().gameEnded({ eventId: base + 3, whiteId: player, blackId: opponent, result: "*" });
    expect(await achievements().winStreakOf(player)).toBe(2);
    expect(await held(player, "streak_3")).toBe(0);
    await achievements().gameEnded({ eventId: base + 4, whiteId: player, blackId: opponent, result: "1-0" });
    await achievements().gameEnded({ eventId: base + 5, whiteId: player, blackId: opponent, result: "1-0" });
    expect(await held(player, "streak_3")).toBe(1);
    expect(await held(player, "streak_5")).toBe(0);
    await achievements().gameEnded({ eventId: base + 6, whiteId: player, blackId: opponent, result: "1/2-1/2" });
    expect(await achievements().winStreakOf(player)).toBe(0);
    expect(await achievements().winStreakOf(opponent)).toBe(0);
  });

  it("awards the first club and each rating reached", async () => {
    const member = await idOf("carla");
    await achievements().joinedClub(member);
    await achievements().joinedClub(member);
    expect(await held(member, "first_club")).toBe(1);
    await achievements().ratingsChanged([{ memberId: member, after: 1850 }]);
    expect(await held(member, "rating_1500")).toBe(1);
    expect(await held(member, "rating_1800")).toBe(1);
    expect(await held(member, "rating_2000")).toBe(0);
  });
});
