import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { CLAIM_AFTER_MS } from "../game-actions.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";

const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "white" };

/**
 * The game view tells the page how long the player to move has been away
 * from the game, so that the player who stayed is offered the claims the
 * server will accept (the claim is only ever on the absent player's turn).
 */
for (const target of databaseTargets()) {
  describe(`a game's view of absent players on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let alice: PlayMember;
    let bob: PlayMember;
    /** Member id → ms away (absent: present). */
    const away = new Map<number, number>();

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl, awayFromGameMs: async (_gameId, memberId) => away.get(memberId) ?? null });
      alice = await kit.member("alice");
      bob = await kit.member("bob");
    });
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    it("shows the absent player's time away while the game is played, and a claim succeeds past the limit", async () => {
      const challenge = await kit.challenges.create(alice, { opponent: "bob", terms: blitz });
      if (!challenge.ok) throw new Error(challenge.error);
      const accepted = await kit.challenges.accept(bob, challenge.value.id);
      if (!accepted.ok) throw new Error(accepted.error);
      const gameId = accepted.value.gameId;
      for (const [ply, uci] of ["e2e4", "e7e5", "g1f3"].entries()) {
        const moved = await kit.games.move(ply % 2 === 0 ? alice : bob, { gameId, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
        if (!moved.ok) throw new Error(moved.error);
      }

      expect((await kit.games.view(gameId))?.awayMs).toEqual({ white: null, black: null });
      // Only the player to move is reported: the other one's absence gives no claim.
      away.set(alice.id, CLAIM_AFTER_MS);
      expect((await kit.games.view(gameId))?.awayMs).toEqual({ white: null, black: null });
      away.set(bob.id, CLAIM_AFTER_MS - 1);
      expect((await kit.games.view(gameId))?.awayMs).toEqual({ white: null, black: CLAIM_AFTER_MS - 1 });
      expect(await kit.games.act(alice, gameId, "claim.win")).toMatchObject({ ok: false, error: "opponent_present" });

      away.set(bob.id, CLAIM_AFTER_MS);
      expect(await kit.games.act(alice, gameId, "claim.win")).toMatchObject({ ok: true });
      const ended = await kit.games.view(gameId);
      expect(ended?.ending).toMatchObject({ result: "1-0", reason: "abandonment" });
      // Over: nobody's absence matters any more.
      expect(ended?.awayMs).toEqual({ white: null, black: null });
    });
  });
}
