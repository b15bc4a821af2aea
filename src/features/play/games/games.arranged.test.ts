import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variants } from "../../../chess/variants.ts";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { games } from "../play.tables.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";

const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 0 }, rated: true, color: "white" };
const daily: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };

for (const target of databaseTargets()) {
  describe(`games a feature arranges itself (team-match boards, tournament rounds) on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let ann: PlayMember;
    let ben: PlayMember;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
      ann = await kit.member("ann");
      ben = await kit.member("ben");
    }, 60_000);
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    it("starts a batch in one commit, each game carrying its tags into its game-ended event", async () => {
      const [first, second] = await kit.games.startArrangedGames([
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: daily, tags: { teamMatchId: 7 } },
        { variant: variants.standard, memberIds: [ben.id, ann.id], terms: daily, tags: { teamMatchId: 7 } },
      ]);
      expect(first?.tags).toEqual({ teamMatchId: 7 });
      expect([first?.whiteId, second?.whiteId]).toEqual([ann.id, ben.id]);
      expect((await kit.games.act(ann, first?.id ?? 0, "resign")).ok).toBe(true);
      const [ended] = await queryRows(kit.database.db, sql`select payload from domain_events where type = 'play.game-ended' and (payload->>'gameId')::int = ${first?.id ?? 0}`);
      expect(ended?.payload).toMatchObject({ gameId: first?.id, tags: { teamMatchId: 7 }, result: "0-1", rated: true });
    });

    it("starts none of a batch when one of its games cannot start", async () => {
      const before = await kit.database.db.select({ id: games.id }).from(games);
      await expect(
        kit.games.startArrangedGames([
          { variant: variants.standard, memberIds: [ann.id, ben.id], terms: daily, tags: { tournamentId: 3 } },
          { variant: variants.standard, memberIds: [ann.id], terms: daily, tags: { tournamentId: 3 } },
        ]),
      ).rejects.toThrow();
      const after = await kit.database.db.select({ id: games.id }).from(games);
      expect(after).toHaveLength(before.length);
      expect(await queryRows(kit.database.db, sql`select id from games where (tags->>'tournamentId')::int = 3`)).toEqual([]);
    });

    it("never aborts an arranged game: abort is refused, resigning at once counts, and a first move not made in time loses", async () => {
      const [resigned, unstarted, casual] = await kit.games.startArrangedGames([
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: daily, tags: { teamMatchId: 11 } },
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: blitz, tags: { tournamentId: 12 } },
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: blitz },
      ]);
      expect(await kit.games.act(ben, resigned?.id ?? 0, "abort")).toEqual({ ok: false, error: "cannot_abort" });
      expect((await kit.games.act(ben, resigned?.id ?? 0, "resign")).ok).toBe(true);
      expect((await kit.games.view(resigned?.id ?? 0))?.ending).toMatchObject({ result: "1-0", reason: "resignation" });
      expect((await kit.games.view(unstarted?.id ?? 0))?.arranged).toBe(true);
      expect((await kit.games.view(casual?.id ?? 0))?.arranged).toBe(false);

      // White never makes the first move: past its deadline the sweeper ends the tournament game as white's loss, and aborts the casual one.
      kit.clock.now += 31_000;
      await kit.games.sweepDeadlines();
      expect(await kit.games.view(unstarted?.id ?? 0)).toMatchObject({ status: "ended", ending: { result: "0-1", reason: "timeout" } });
      expect(await kit.games.view(casual?.id ?? 0)).toMatchObject({ status: "aborted" });
    });

    it("halves a tournament player's clock on berserk before their first move, once, and refuses it elsewhere", async () => {
      const [game, untagged] = await kit.games.startArrangedGames([
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: blitz, tags: { tournamentId: 9 } },
        { variant: variants.standard, memberIds: [ann.id, ben.id], terms: blitz },
      ]);
      const gameId = game?.id ?? 0;
      const clocks = async (id: number) => (await kit.database.db.select({ white: games.whiteClockMs, black: games.blackClockMs }).from(games).where(sql`id = ${id}`))[0];
      expect(await kit.games.berserk(ben, gameId)).toMatchObject({ ok: true });
      expect(await clocks(gameId)).toEqual({ white: 180_000, black: 90_000 });
      expect(await kit.games.berserk(ben, gameId)).toEqual({ ok: false, error: "berserk_not_allowed" });
      expect((await kit.games.move(ann, { gameId, ply: 0, uci: "e2e4" }, { receivedAt: Date.now(), lagMs: 0 })).ok).toBe(true);
      expect(await kit.games.berserk(ann, gameId)).toEqual({ ok: false, error: "berserk_not_allowed" });
      expect(await kit.games.berserk(ann, untagged?.id ?? 0)).toEqual({ ok: false, error: "berserk_not_allowed" });
      const carl = await kit.member("carl");
      expect(await kit.games.berserk(carl, untagged?.id ?? 0)).toEqual({ ok: false, error: "not_a_player" });
      expect(await kit.games.berserk(ann, 987_654)).toEqual({ ok: false, error: "not_found" });
      expect(await clocks(untagged?.id ?? 0)).toEqual({ white: 180_000, black: 180_000 });
    });
  });
}
