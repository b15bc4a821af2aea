/**
 * Arenas (issue 26 item 1, decision 0073): joining and leaving, the pairing
 * waves, scoring from play's game-ended events, and the arena's course from
 * upcoming to finished. The only writer of the tournaments tables.
 *
 * Safe on several instances: a pairing wave holds the arena's advisory lock
 * for the transaction that chooses the pairs and marks their players busy;
 * a game's result is applied once (its pairing row moves from playing to
 * done in the same transaction); each step of an arena's course is one
 * conditional update, so only one instance takes it.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { ratingTypeOf, type RatingType } from "../ratings/rating-types.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import type { ArenaSettings, ArenaSettingsField } from "./arena-settings.ts";
import { pairArena } from "./arena-pairing.ts";
import { outcomesOf, scoreArenaGame } from "./arena-scoring.ts";
import type { ProgrammeSlot } from "./tournament-programme.ts";
import type { TournamentGamesSource } from "./tournament-games.port.ts";
import { tournamentFinishedDomainEvent } from "./tournaments.domain-events.server.ts";
import { editUpcomingTournament } from "./tournament-edit.server.ts";
import { tournamentGames, tournamentPlayers, tournaments, type TournamentRow } from "./tournaments.tables.server.ts";

/** Arbitrary: the advisory lock space of arena pairing waves (the second key is the arena's id). */
const PAIRING_LOCK_SPACE = 726_026;
/** A pairing whose game play never confirmed (a crash between the two commits) frees its players after this. */
const STALE_PENDING_MS = 60_000;

export type TournamentFailure = "not_found" | "guest" | "not_creator" | "started" | "finished" | "rating_outside_limits" | "not_joined" | "not_your_game" | "berserk_refused" | `invalid_${ArenaSettingsField}`;

export interface TournamentMember {
  readonly id: number;
  readonly level: number;
}

export interface ArenasDeps {
  readonly games: TournamentGamesSource;
  readonly currentRating: (memberId: number, ratingType: RatingType) => Promise<number>;
  readonly usernamesOf: (memberIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;
  readonly domainEvents: DomainEventNotifier;
  readonly clock: () => number;
  /** Told of the games a wave started (the demo plays its own players' games). */
  readonly gamesStarted?: (games: readonly { readonly gameId: number; readonly whiteId: number; readonly blackId: number }[]) => Promise<void>;
}

/** The rating an arena's games count for: its speed, or Chess960's live rating. */
export function arenaRatingType(row: Pick<TournamentRow, "rules" | "baseSeconds" | "incrementSeconds">): RatingType {
  return ratingTypeOf(row.rules === "chess960" ? "chess960" : "standard", { kind: "live", baseSeconds: row.baseSeconds, incrementSeconds: row.incrementSeconds });
}

export function urlOfName(name: string): string {
  const slug = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "arena";
  return `${slug}-${randomBytes(3).toString("hex")}`;
}

function settingsColumns(settings: ArenaSettings) {
  return { ...settings, endsAt: new Date(settings.startsAt.getTime() + settings.durationMinutes * 60_000) };
}

export function createArenasService(db: Database, deps: ArenasDeps) {
  const { games } = deps;
  const now = () => new Date(deps.clock());

  async function arenaByUrl(url: string): Promise<TournamentRow | null> {
    const [row] = await db.select().from(tournaments).where(and(eq(tournaments.url, url), eq(tournaments.kind, "arena")));
    return row ?? null;
  }

  /** The pairings of one wave: chosen under the arena's lock, then their games started by play, then confirmed. */
  async function pairWave(tournamentId: number): Promise<number> {
    const chosen = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAIRING_LOCK_SPACE}, ${tournamentId}::int)`);
      const [arena] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId));
      if (!arena || arena.kind !== "arena" || arena.status !== "running" || arena.endsAt.getTime() <= deps.clock()) return null;
      const waiting = await tx
        .select({ memberId: tournamentPlayers.memberId, score: tournamentPlayers.score, rating: tournamentPlayers.rating, lastOpponentId: tournamentPlayers.lastOpponentId, colorBalance: tournamentPlayers.colorBalance })
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.status, "active"), eq(tournamentPlayers.playing, false)));
      const { pairs } = pairArena(waiting);
      if (pairs.length === 0) return null;
      const rows = await tx
        .insert(tournamentGames)
        .values(pairs.map((pair) => ({ tournamentId, whiteId: pair.whiteId, blackId: pair.blackId })))
        .returning({ id: tournamentGames.id, whiteId: tournamentGames.whiteId, blackId: tournamentGames.blackId });
      const busy = pairs.flatMap((pair) => [pair.whiteId, pair.blackId]);
      await tx.update(tournamentPlayers).set({ playing: true }).where(and(eq(tournamentPlayers.tournamentId, tournamentId), inArray(tournamentPlayers.memberId, busy)));
      return { arena, rows };
    });
    if (!chosen) return 0;
    const { arena, rows } = chosen;
    let gameIds: readonly number[];
    try {
      gameIds = await games.startGames(arena.id, { rules: arena.rules === "chess960" ? "chess960" : "standard", baseSeconds: arena.baseSeconds, incrementSeconds: arena.incrementSeconds, rated: arena.rated }, rows);
    } catch (error) {
      await releasePairings(rows.map((row) => row.id));
      throw error;
    }
    await db.transaction(async (tx) => {
      for (const [index, row] of rows.entries()) {
        await tx.update(tournamentGames).set({ gameId: gameIds[index] ?? null, status: "playing" }).where(eq(tournamentGames.id, row.id));
        await tx.update(tournamentPlayers).set({ colorBalance: sql`${tournamentPlayers.colorBalance} + 1` }).where(and(eq(tournamentPlayers.tournamentId, arena.id), eq(tournamentPlayers.memberId, row.whiteId)));
        await tx.update(tournamentPlayers).set({ colorBalance: sql`${tournamentPlayers.colorBalance} - 1` }).where(and(eq(tournamentPlayers.tournamentId, arena.id), eq(tournamentPlayers.memberId, row.blackId)));
      }
    });
    await deps.gamesStarted?.(
      rows.flatMap((row, index) => {
        const gameId = gameIds[index];
        return gameId === undefined ? [] : [{ gameId, whiteId: row.whiteId, blackId: row.blackId }];
      }),
    );
    return rows.length;
  }

  /** Pending pairings whose games were never started: their players wait again. */
  async function releasePairings(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.transaction(async (tx) => {
      const released = await tx.delete(tournamentGames).where(and(inArray(tournamentGames.id, [...ids]), eq(tournamentGames.status, "pending"))).returning();
      for (const row of released) {
        await tx.update(tournamentPlayers).set({ playing: false }).where(and(eq(tournamentPlayers.tournamentId, row.tournamentId), inArray(tournamentPlayers.memberId, [row.whiteId, row.blackId])));
      }
    });
  }

  /** One side's share of a finished game, applied to their standing. */
  async function applySide(tx: Database, tournamentId: number, memberId: number, opponentId: number, outcome: "win" | "draw" | "loss" | null, berserked: boolean): Promise<number | null> {
    const [player] = await tx.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, memberId))).for("update");
    if (!player) return null;
    if (outcome === null) {
      await tx.update(tournamentPlayers).set({ playing: false, lastOpponentId: opponentId }).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, memberId)));
      return null;
    }
    const scored = scoreArenaGame(player.streak, outcome, berserked);
    await tx
      .update(tournamentPlayers)
      .set({
        playing: false,
        lastOpponentId: opponentId,
        score: player.score + scored.points,
        games: player.games + 1,
        wins: player.wins + (outcome === "win" ? 1 : 0),
        draws: player.draws + (outcome === "draw" ? 1 : 0),
        streak: scored.streak,
        berserks: player.berserks + (berserked ? 1 : 0),
        sheet: `${player.sheet} ${scored.points}${scored.doubled ? "*" : ""}`.trim().slice(-600),
      })
      .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, memberId)));
    return scored.points;
  }

  /** Finishes an arena whose time is up once no game of it is left: true for the one caller that did. */
  async function finish(tournamentId: number): Promise<boolean> {
    const finished = await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(tournamentGames)
        .where(and(eq(tournamentGames.tournamentId, tournamentId), inArray(tournamentGames.status, ["pending", "playing"])));
      if ((open?.count ?? 0) > 0) return false;
      const [row] = await tx.update(tournaments).set({ status: "finished", finishedAt: now() }).where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, "ending"))).returning({ id: tournaments.id });
      if (!row) return false;
      const standings = await tx
        .select({ memberId: tournamentPlayers.memberId })
        .from(tournamentPlayers)
        .where(eq(tournamentPlayers.tournamentId, tournamentId))
        .orderBy(desc(tournamentPlayers.score), desc(tournamentPlayers.rating), asc(tournamentPlayers.memberId));
      for (const [index, player] of standings.entries()) {
        await tx.update(tournamentPlayers).set({ rank: index + 1, playing: false }).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.memberId, player.memberId)));
      }
      await publishDomainEvent(tx, tournamentFinishedDomainEvent, { tournamentId, kind: "arena", podium: standings.slice(0, 3).map((player) => player.memberId) });
      return true;
    });
    if (finished) deps.domainEvents.kick();
    return finished;
  }

  return {
    arenaByUrl,
    async byId(id: number): Promise<TournamentRow | null> {
      const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
      return row ?? null;
    },
    pairWave,
    finish,

    /** The site's programme ahead: each slot written once, whichever instance (or run) gets there first. */
    async scheduleProgramme(slots: readonly ProgrammeSlot[]): Promise<number> {
      if (slots.length === 0) return 0;
      const written = await db
        .insert(tournaments)
        .values(
          slots.map((slot) => {
            const [minutes, increment] = slot.control.split("+").map(Number);
            return {
              url: urlOfName(slot.name),
              kind: "arena",
              name: slot.name,
              programmeKey: slot.programmeKey,
              rules: slot.rules,
              baseSeconds: (minutes ?? 0) * 60,
              incrementSeconds: increment ?? 0,
              rated: slot.rated,
              startsAt: slot.startsAt,
              durationMinutes: slot.durationMinutes,
              endsAt: new Date(slot.startsAt.getTime() + slot.durationMinutes * 60_000),
            };
          }),
        )
        .onConflictDoNothing({ target: tournaments.programmeKey })
        .returning({ id: tournaments.id });
      return written.length;
    },

    async create(member: TournamentMember, settings: Result<ArenaSettings, ArenaSettingsField>): Promise<Result<{ readonly url: string }, TournamentFailure>> {
      if (member.level <= 0) return fail("guest");
      if (!settings.ok) return fail(`invalid_${settings.error}`);
      const [row] = await db
        .insert(tournaments)
        .values({ ...settingsColumns(settings.value), url: urlOfName(settings.value.name), kind: "arena", createdBy: member.id })
        .returning({ url: tournaments.url });
      if (!row) throw new Error("the arena was not written");
      return ok({ url: row.url });
    },

    /** The creator changes their arena until it starts. */
    async edit(member: TournamentMember, tournamentId: number, settings: Result<ArenaSettings, ArenaSettingsField>): Promise<Result<{ readonly url: string }, TournamentFailure>> {
      return editUpcomingTournament(db, { kind: "arena", tournamentId, memberId: member.id, nowMs: deps.clock(), settings, columns: settingsColumns });
    },

    /** Joins, or comes back after a pause; the rating is read now for the limits and the pairing. */
    async join(member: TournamentMember, url: string): Promise<Result<null, TournamentFailure>> {
      if (member.level <= 0) return fail("guest");
      const arena = await arenaByUrl(url);
      if (!arena) return fail("not_found");
      if (arena.status === "finished" || arena.status === "ending") return fail("finished");
      const rating = await deps.currentRating(member.id, arenaRatingType(arena));
      if ((arena.minRating !== null && rating < arena.minRating) || (arena.maxRating !== null && rating > arena.maxRating)) return fail("rating_outside_limits");
      await db
        .insert(tournamentPlayers)
        .values({ tournamentId: arena.id, memberId: member.id, rating })
        .onConflictDoUpdate({ target: [tournamentPlayers.tournamentId, tournamentPlayers.memberId], set: { status: "active" } });
      if (arena.status === "running") await pairWave(arena.id);
      return ok(null);
    },

    /**
     * Pause (stays in the standings, paired no more until they join again) or
     * withdraw (before the start: off the list; after: as a pause). A game in
     * progress is played out and counts.
     */
    async leave(member: TournamentMember, url: string, how: "pause" | "withdraw"): Promise<Result<null, TournamentFailure>> {
      const arena = await arenaByUrl(url);
      if (!arena) return fail("not_found");
      const where = and(eq(tournamentPlayers.tournamentId, arena.id), eq(tournamentPlayers.memberId, member.id));
      if (how === "withdraw" && arena.status === "upcoming") {
        const removed = await db.delete(tournamentPlayers).where(where).returning({ memberId: tournamentPlayers.memberId });
        return removed.length > 0 ? ok(null) : fail("not_joined");
      }
      const changed = await db.update(tournamentPlayers).set({ status: how === "pause" ? "paused" : "withdrawn" }).where(where).returning({ memberId: tournamentPlayers.memberId });
      return changed.length > 0 ? ok(null) : fail("not_joined");
    },

    /** Berserk in the member's current arena game: play halves the clock, the arena counts the point on a win. */
    async berserk(member: TournamentMember, gameId: number): Promise<Result<null, TournamentFailure>> {
      const [pairing] = await db.select().from(tournamentGames).where(eq(tournamentGames.gameId, gameId));
      if (!pairing || pairing.status !== "playing") return fail("not_your_game");
      const side = pairing.whiteId === member.id ? "white" : pairing.blackId === member.id ? "black" : null;
      if (!side) return fail("not_your_game");
      if (!(await games.berserk(member.id, gameId))) return fail("berserk_refused");
      await db
        .update(tournamentGames)
        .set(side === "white" ? { whiteBerserk: true } : { blackBerserk: true })
        .where(eq(tournamentGames.id, pairing.id));
      return ok(null);
    },

    /**
     * Play's game-ended event for a game tagged with an arena: both sides
     * scored once (the pairing row leaves "playing" in this transaction, so a
     * repeated delivery finds nothing to do), then the waiting players paired.
     */
    async gameEnded(game: { readonly gameId: number; readonly tournamentId: number; readonly whiteId: number; readonly blackId: number; readonly result: "1-0" | "0-1" | "1/2-1/2" | "*" }): Promise<void> {
      const applied = await db.transaction(async (tx) => {
        const [pairing] = await tx
          .update(tournamentGames)
          .set({ status: "done", result: game.result, endedAt: now() })
          .where(and(eq(tournamentGames.gameId, game.gameId), eq(tournamentGames.tournamentId, game.tournamentId), eq(tournamentGames.status, "playing")))
          .returning();
        if (!pairing) return false;
        const outcomes = game.result === "*" ? { white: null, black: null } : outcomesOf(game.result);
        const whitePoints = await applySide(tx, pairing.tournamentId, pairing.whiteId, pairing.blackId, outcomes.white, pairing.whiteBerserk);
        const blackPoints = await applySide(tx, pairing.tournamentId, pairing.blackId, pairing.whiteId, outcomes.black, pairing.blackBerserk);
        await tx.update(tournamentGames).set({ whitePoints, blackPoints }).where(eq(tournamentGames.id, pairing.id));
        return true;
      });
      if (applied) await pairWave(game.tournamentId);
    },

    /**
     * The arenas' course, each step taken once across instances (a
     * conditional update): upcoming → running at the start, running →
     * ending at the end (no more pairings), ending → finished once its last
     * game is over (ranks written, the finished event published). Then a
     * pairing wave for each running arena (players nobody fitted before).
     */
    async advance(): Promise<void> {
      const at = now();
      // Arenas only: a Swiss has its own course (swiss.service.server.ts).
      const arena = eq(tournaments.kind, "arena");
      await db.update(tournaments).set({ status: "running" }).where(and(arena, eq(tournaments.status, "upcoming"), lte(tournaments.startsAt, at)));
      await db.update(tournaments).set({ status: "ending" }).where(and(arena, eq(tournaments.status, "running"), lte(tournaments.endsAt, at)));
      const stale = await db
        .select({ id: tournamentGames.id })
        .from(tournamentGames)
        .where(and(eq(tournamentGames.status, "pending"), isNull(tournamentGames.round), lte(tournamentGames.createdAt, new Date(at.getTime() - STALE_PENDING_MS))));
      await releasePairings(stale.map((row) => row.id));
      const ending = await db.select({ id: tournaments.id }).from(tournaments).where(and(arena, eq(tournaments.status, "ending")));
      for (const { id } of ending) await finish(id);
      const running = await db.select({ id: tournaments.id }).from(tournaments).where(and(arena, eq(tournaments.status, "running")));
      for (const { id } of running) await pairWave(id);
    },

  };
}

export type ArenasService = ReturnType<typeof createArenasService>;
