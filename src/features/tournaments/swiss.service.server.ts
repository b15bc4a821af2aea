/**
 * Swiss live tournaments (issue 26 item 2, decision 0078): creating,
 * joining and withdrawing, the rounds paired by swiss-pairing.ts, results
 * from play's game-ended events, and the course from upcoming to finished.
 * Beside the arenas, in the same tables (kind `swiss`).
 *
 * Safe on several instances: a round is paired under the tournament's
 * advisory lock, in the transaction that checks the last round is over and
 * moves `current_round` on, so a round is paired once; a result is applied
 * once (its pairing leaves `playing` in the transaction that scores it); the
 * start and the finish are conditional updates.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import type { SwissSettings, SwissSettingsField } from "./arena-settings.ts";
import { arenaRatingType, urlOfName, type TournamentMember } from "./arenas.service.server.ts";
import { outcomesOf } from "./arena-scoring.ts";
import type { TournamentGamesSource } from "./tournament-games.port.ts";
import { pairSwissRound, swissOrder, swissTieBreaks, type SwissColour, type SwissEntrant, type SwissGameRecord } from "./swiss-pairing.ts";
import { tournamentFinishedDomainEvent } from "./tournaments.domain-events.server.ts";
import { editUpcomingTournament } from "./tournament-edit.server.ts";
import { tournamentGames, tournamentPlayers, tournaments, type TournamentRow } from "./tournaments.tables.server.ts";
import type { RatingType } from "../ratings/rating-types.ts";

/** Arbitrary: the advisory lock space of Swiss rounds (the arenas' waves use 726 026). */
const ROUND_LOCK_SPACE = 726_027;
/** A round's pairing whose game play never confirmed is started again after this (as the arenas free theirs). */
const STALE_PENDING_MS = 60_000;
/** Half points of a bye (a whole point, as lichess and FIDE give). */
export const BYE_POINTS = 2;

export type SwissFailure = "not_found" | "guest" | "not_creator" | "started" | "finished" | "rating_outside_limits" | "not_joined" | `invalid_${SwissSettingsField}`;

export interface SwissDeps {
  readonly games: TournamentGamesSource;
  readonly currentRating: (memberId: number, ratingType: RatingType) => Promise<number>;
  readonly domainEvents: DomainEventNotifier;
  readonly clock: () => number;
  readonly gamesStarted?: (games: readonly { readonly gameId: number; readonly whiteId: number; readonly blackId: number }[]) => Promise<void>;
}

/** A finished pairing as the tie-breaks read it (a bye has no black). */
export function gameRecordOf(row: { readonly whiteId: number; readonly blackId: number; readonly result: string | null; readonly whitePoints: number | null; readonly blackPoints: number | null }): SwissGameRecord {
  return row.result === "bye" ? { whiteId: row.whiteId, blackId: null, whitePoints: row.whitePoints ?? BYE_POINTS, blackPoints: 0 } : { whiteId: row.whiteId, blackId: row.blackId, whitePoints: row.whitePoints ?? 0, blackPoints: row.blackPoints ?? 0 };
}

export function createSwissService(db: Database, deps: SwissDeps) {
  const now = () => new Date(deps.clock());

  async function swissByUrl(url: string): Promise<TournamentRow | null> {
    const [row] = await db.select().from(tournaments).where(and(eq(tournaments.url, url), eq(tournaments.kind, "swiss")));
    return row ?? null;
  }

  /** The entrants of the next round, from the players still in and the rounds played. */
  async function entrantsOf(tx: Database, tournamentId: number): Promise<SwissEntrant[]> {
    const players = await tx
      .select({ memberId: tournamentPlayers.memberId, status: tournamentPlayers.status, score: tournamentPlayers.score, rating: tournamentPlayers.rating })
      .from(tournamentPlayers)
      .where(eq(tournamentPlayers.tournamentId, tournamentId))
      .orderBy(sql`${tournamentPlayers.rating} desc`, asc(tournamentPlayers.memberId));
    const played = await tx
      .select({ whiteId: tournamentGames.whiteId, blackId: tournamentGames.blackId, result: tournamentGames.result })
      .from(tournamentGames)
      .where(and(eq(tournamentGames.tournamentId, tournamentId), isNotNull(tournamentGames.round)))
      .orderBy(asc(tournamentGames.round), asc(tournamentGames.id));
    const history = new Map<number, { colours: SwissColour[]; opponents: number[]; hadBye: boolean }>(players.map((player) => [player.memberId, { colours: [], opponents: [], hadBye: false }]));
    for (const game of played) {
      const white = history.get(game.whiteId);
      const black = history.get(game.blackId);
      if (game.result === "bye") {
        if (white) white.hadBye = true;
        continue;
      }
      white?.colours.push("white");
      white?.opponents.push(game.blackId);
      black?.colours.push("black");
      black?.opponents.push(game.whiteId);
    }
    return players.flatMap((player, index) => {
      const past = history.get(player.memberId);
      if (player.status !== "active" || !past) return [];
      return [{ id: player.memberId, score: player.score, pairingNumber: index + 1, ...past }];
    });
  }

  /** Ranks written, the finished event published: once, by the caller whose update took the tournament. */
  async function finishIn(tx: Database, tournamentId: number): Promise<boolean> {
    const [row] = await tx
      .update(tournaments)
      .set({ status: "finished", finishedAt: now() })
      .where(and(eq(tournaments.id, tournamentId), eq(tournaments.kind, "swiss"), inArray(tournaments.status, ["upcoming", "running"])))
      .returning({ id: tournaments.id });
    if (!row) return false;
    const players = await tx.select({ memberId: tournamentPlayers.memberId, rating: tournamentPlayers.rating }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, tournamentId)).orderBy(sql`${tournamentPlayers.rating} desc`, asc(tournamentPlayers.memberId));
    const done = await tx.select().from(tournamentGames).where(and(eq(tournamentGames.tournamentId, tournamentId), eq(tournamentGames.status, "done")));
    const ties = swissTieBreaks(
      players.map((player) => player.memberId),
      done.map(gameRecordOf),
    );
    const order = swissOrder(
      players.map((player, index) => ({ id: player.memberId, pairingNumber: index + 1 })),
      ties,
    );
    for (const [index, player] of order.entries()) {
      await tx.update(tournamentPlayers).set({ rank: index + 1, playing: false }).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, player.id)));
    }
    await publishDomainEvent(tx, tournamentFinishedDomainEvent, { tournamentId, kind: "swiss", podium: order.slice(0, 3).map((player) => player.id) });
    return true;
  }

  /**
   * The next round, if the last is over: paired under the tournament's lock
   * (its pairings written pending, the byes scored, the round number moved
   * on), then its games started by play and confirmed. After the last round,
   * or with fewer than two players left, the tournament finishes instead.
   */
  async function nextRound(tournamentId: number): Promise<"paired" | "finished" | "waiting"> {
    const chosen = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROUND_LOCK_SPACE}, ${tournamentId}::int)`);
      const [swiss] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
      if (!swiss || swiss.kind !== "swiss" || swiss.status !== "running") return "waiting" as const;
      const [open] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(tournamentGames)
        .where(and(eq(tournamentGames.tournamentId, tournamentId), inArray(tournamentGames.status, ["pending", "playing"])));
      if ((open?.count ?? 0) > 0) return "waiting" as const;
      const entrants = await entrantsOf(tx, tournamentId);
      if (swiss.currentRound >= (swiss.rounds ?? 0) || entrants.length < 2) return (await finishIn(tx, tournamentId)) ? ("finished" as const) : ("waiting" as const);
      const round = swiss.currentRound + 1;
      const paired = pairSwissRound(entrants);
      const rows =
        paired.pairs.length === 0
          ? []
          : await tx
              .insert(tournamentGames)
              .values(paired.pairs.map((pair) => ({ tournamentId, round, whiteId: pair.whiteId, blackId: pair.blackId })))
              .returning({ id: tournamentGames.id, whiteId: tournamentGames.whiteId, blackId: tournamentGames.blackId });
      if (paired.byeId !== null) {
        await tx.insert(tournamentGames).values({ tournamentId, round, whiteId: paired.byeId, blackId: paired.byeId, status: "done", result: "bye", whitePoints: BYE_POINTS, blackPoints: 0, endedAt: now() });
        await tx
          .update(tournamentPlayers)
          .set({ score: sql`${tournamentPlayers.score} + ${BYE_POINTS}`, sheet: sql`trim(${tournamentPlayers.sheet} || ' ' || ${String(BYE_POINTS)})` })
          .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, paired.byeId)));
      }
      const busy = paired.pairs.flatMap((pair) => [pair.whiteId, pair.blackId]);
      if (busy.length > 0) await tx.update(tournamentPlayers).set({ playing: true }).where(and(eq(tournamentPlayers.tournamentId, tournamentId), inArray(tournamentPlayers.memberId, busy)));
      await tx.update(tournaments).set({ currentRound: round }).where(eq(tournaments.id, tournamentId));
      return { swiss, rows };
    });
    if (typeof chosen === "string") {
      if (chosen === "finished") deps.domainEvents.kick();
      return chosen;
    }
    const { swiss, rows } = chosen;
    // A round of byes alone (two players, one withdrawn mid-way) is over at once.
    if (rows.length === 0) return nextRound(tournamentId);
    await startPairings(swiss, rows);
    return "paired";
  }

  /** Play starts the pairings' games in its own commit; the pairings then become `playing` with their game ids. */
  async function startPairings(swiss: TournamentRow, rows: readonly { readonly id: number; readonly whiteId: number; readonly blackId: number }[]): Promise<void> {
    const gameIds = await deps.games.startGames(swiss.id, { rules: swiss.rules === "chess960" ? "chess960" : "standard", baseSeconds: swiss.baseSeconds, incrementSeconds: swiss.incrementSeconds, rated: swiss.rated }, rows);
    await db.transaction(async (tx) => {
      for (const [index, row] of rows.entries()) {
        await tx.update(tournamentGames).set({ gameId: gameIds[index] ?? null, status: "playing" }).where(and(eq(tournamentGames.id, row.id), eq(tournamentGames.status, "pending")));
      }
    });
    await deps.gamesStarted?.(
      rows.flatMap((row, index) => {
        const gameId = gameIds[index];
        return gameId === undefined ? [] : [{ gameId, whiteId: row.whiteId, blackId: row.blackId }];
      }),
    );
  }

  /**
   * Pairings left `pending` for a minute (an instance stopped between the
   * round's commit and play's): started again, claimed under the
   * tournament's lock by moving their time on, so one instance retries them.
   */
  async function restartStale(tournamentId: number): Promise<number> {
    const claimed = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROUND_LOCK_SPACE}, ${tournamentId}::int)`);
      const [swiss] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
      if (!swiss || swiss.status !== "running") return null;
      const rows = await tx
        .update(tournamentGames)
        .set({ createdAt: now() })
        .where(and(eq(tournamentGames.tournamentId, tournamentId), eq(tournamentGames.status, "pending"), isNotNull(tournamentGames.round), lte(tournamentGames.createdAt, new Date(deps.clock() - STALE_PENDING_MS))))
        .returning({ id: tournamentGames.id, whiteId: tournamentGames.whiteId, blackId: tournamentGames.blackId });
      return rows.length > 0 ? { swiss, rows } : null;
    });
    if (!claimed) return 0;
    await startPairings(claimed.swiss, claimed.rows);
    return claimed.rows.length;
  }

  async function applySide(tx: Database, tournamentId: number, memberId: number, opponentId: number, outcome: "win" | "draw" | "loss"): Promise<number> {
    const points = outcome === "win" ? 2 : outcome === "draw" ? 1 : 0;
    await tx
      .update(tournamentPlayers)
      .set({
        playing: false,
        lastOpponentId: opponentId,
        score: sql`${tournamentPlayers.score} + ${points}`,
        games: sql`${tournamentPlayers.games} + 1`,
        wins: sql`${tournamentPlayers.wins} + ${outcome === "win" ? 1 : 0}`,
        draws: sql`${tournamentPlayers.draws} + ${outcome === "draw" ? 1 : 0}`,
        sheet: sql`right(trim(${tournamentPlayers.sheet} || ' ' || ${String(points)}), 600)`,
      })
      .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, memberId)));
    return points;
  }

  return {
    swissByUrl,
    nextRound,

    async create(member: TournamentMember, settings: Result<SwissSettings, SwissSettingsField>): Promise<Result<{ readonly url: string }, SwissFailure>> {
      if (member.level <= 0) return fail("guest");
      if (!settings.ok) return fail(`invalid_${settings.error}`);
      const value = settings.value;
      const [row] = await db
        .insert(tournaments)
        .values({ ...value, endsAt: new Date(value.startsAt.getTime() + value.durationMinutes * 60_000), url: urlOfName(value.name), kind: "swiss", createdBy: member.id })
        .returning({ url: tournaments.url });
      if (!row) throw new Error("the Swiss was not written");
      return ok({ url: row.url });
    },

    /** The creator changes their Swiss until it starts. */
    async edit(member: TournamentMember, tournamentId: number, settings: Result<SwissSettings, SwissSettingsField>): Promise<Result<{ readonly url: string }, SwissFailure>> {
      const columns = (value: SwissSettings) => ({ ...value, endsAt: new Date(value.startsAt.getTime() + value.durationMinutes * 60_000) });
      return editUpcomingTournament(db, { kind: "swiss", tournamentId, memberId: member.id, nowMs: deps.clock(), settings, columns });
    },

    /**
     * Joins before the start, or late, before the last round is paired: a
     * late player enters the next round with no points (as on lichess). A
     * withdrawn player may come back the same way.
     */
    async join(member: TournamentMember, url: string): Promise<Result<null, SwissFailure>> {
      if (member.level <= 0) return fail("guest");
      const swiss = await swissByUrl(url);
      if (!swiss) return fail("not_found");
      if (swiss.status === "finished" || swiss.currentRound >= (swiss.rounds ?? 0)) return fail("finished");
      const rating = await deps.currentRating(member.id, arenaRatingType(swiss));
      if ((swiss.minRating !== null && rating < swiss.minRating) || (swiss.maxRating !== null && rating > swiss.maxRating)) return fail("rating_outside_limits");
      await db
        .insert(tournamentPlayers)
        .values({ tournamentId: swiss.id, memberId: member.id, rating })
        .onConflictDoUpdate({ target: [tournamentPlayers.tournamentId, tournamentPlayers.memberId], set: { status: "active" } });
      return ok(null);
    },

    /**
     * Withdraws: before the start, off the list; after, kept in the
     * standings with the points they have and paired no more. A game in
     * progress is played out and counts.
     */
    async withdraw(member: TournamentMember, url: string): Promise<Result<null, SwissFailure>> {
      const swiss = await swissByUrl(url);
      if (!swiss) return fail("not_found");
      if (swiss.status === "finished") return fail("finished");
      const where = and(eq(tournamentPlayers.tournamentId, swiss.id), eq(tournamentPlayers.memberId, member.id));
      if (swiss.status === "upcoming") {
        const removed = await db.delete(tournamentPlayers).where(where).returning({ memberId: tournamentPlayers.memberId });
        return removed.length > 0 ? ok(null) : fail("not_joined");
      }
      const changed = await db.update(tournamentPlayers).set({ status: "withdrawn" }).where(where).returning({ memberId: tournamentPlayers.memberId });
      return changed.length > 0 ? ok(null) : fail("not_joined");
    },

    /**
     * Play's game-ended event for a Swiss game: both sides scored once (the
     * pairing leaves `playing` in this transaction), then, if it was the
     * round's last game, the next round. Arranged games are never aborted;
     * a result of "*" scores nothing for either side.
     */
    async gameEnded(game: { readonly gameId: number; readonly tournamentId: number; readonly result: "1-0" | "0-1" | "1/2-1/2" | "*" }): Promise<void> {
      const applied = await db.transaction(async (tx) => {
        const [pairing] = await tx
          .update(tournamentGames)
          .set({ status: "done", result: game.result, endedAt: now() })
          .where(and(eq(tournamentGames.gameId, game.gameId), eq(tournamentGames.tournamentId, game.tournamentId), eq(tournamentGames.status, "playing")))
          .returning();
        if (!pairing) return false;
        if (game.result === "*") {
          await tx.update(tournamentPlayers).set({ playing: false }).where(and(eq(tournamentPlayers.tournamentId, pairing.tournamentId), inArray(tournamentPlayers.memberId, [pairing.whiteId, pairing.blackId])));
          await tx.update(tournamentGames).set({ whitePoints: 0, blackPoints: 0 }).where(eq(tournamentGames.id, pairing.id));
          return true;
        }
        const outcomes = outcomesOf(game.result);
        const whitePoints = await applySide(tx, pairing.tournamentId, pairing.whiteId, pairing.blackId, outcomes.white);
        const blackPoints = await applySide(tx, pairing.tournamentId, pairing.blackId, pairing.whiteId, outcomes.black);
        await tx.update(tournamentGames).set({ whitePoints, blackPoints }).where(eq(tournamentGames.id, pairing.id));
        return true;
      });
      if (applied) await nextRound(game.tournamentId);
    },

    /** The Swisses' course: started at their time (the first round paired), and any round whose last result was missed paired now. */
    async advance(): Promise<void> {
      await db.update(tournaments).set({ status: "running" }).where(and(eq(tournaments.kind, "swiss"), eq(tournaments.status, "upcoming"), lte(tournaments.startsAt, now())));
      const running = await db.select({ id: tournaments.id }).from(tournaments).where(and(eq(tournaments.kind, "swiss"), eq(tournaments.status, "running")));
      for (const { id } of running) {
        await restartStale(id);
        await nextRound(id);
      }
    },
  };
}

export type SwissService = ReturnType<typeof createSwissService>;
