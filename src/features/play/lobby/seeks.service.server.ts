import { and, asc, count, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { createShortAnswerCache } from "../../../platform/http/short-answer-cache.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import { guestMayPlay } from "./challenges.service.server.ts";
import { termsColumns, termsFromRow, type GameStarter } from "../game-terms.server.ts";
import { transactionsWithEvents, type PlayEventSink, type PlayMember, type PlayMembers, type PlayPresence } from "../play-ports.server.ts";
import type { GameTerms, SeekInput, SeekView } from "../play.schema.ts";
import { seeks, type SeekRow } from "../play.tables.server.ts";

export type SeekFailure = "guest" | "guest_rated" | "too_many_seeks" | "seek_gone" | "own_seek" | "out_of_range" | "blocked";

/** Open seeks one member may have at once. */
export const MAX_OPEN_SEEKS = 3;
/**
 * A live seek waits 15 minutes, and only while its member is online (on any
 * instance: removeAbsent, the play.absent-seeks job); a daily one three days.
 */
export const LIVE_SEEK_TTL_MS = 15 * 60_000;
/**
 * A live seek this young counts as present whatever presence says: the
 * socket that made it may not be registered with presence yet, and a member
 * back online may seek again while their old seeks are being removed.
 */
export const SEEK_PRESENCE_GRACE_MS = 10_000;
export const DAILY_SEEK_TTL_MS = 3 * 24 * 3_600_000;
/** The lobby shows at most this many seeks. */
export const LOBBY_SIZE = 100;

/**
 * The lobby list is everyone's, so each instance keeps it this long between
 * changes (issue 20 item 9): every event of the lobby's room (a seek added,
 * removed or paired, on any instance) drops it at once, so the wait only
 * bounds what no event announces (a seek expiring, its member going offline
 * before the sweep), which the sweep's own 20 s already exceeds.
 */
export const LOBBY_KEPT_MS = 1_000;

/** The rating a member plays at for these terms (the seek's rating, and the pairing's distance). */
export type RatingOf = (memberId: number, terms: GameTerms) => Promise<number>;

/** The lobby room's events on this instance's bus: `onEvent` runs for each; resolves once it is listening. */
export type LobbyChanges = (onEvent: () => void) => Promise<unknown>;

export interface SeeksDeps {
  readonly db: Database;
  readonly members: PlayMembers;
  readonly events: PlayEventSink;
  readonly startGame: GameStarter;
  readonly ratingOf: RatingOf;
  readonly presence: PlayPresence;
  /** Without it (an instance with no bus) the lobby list is read afresh every time. */
  readonly lobbyChanges?: LobbyChanges;
  readonly now?: () => Date;
}

export function createSeeksService(deps: SeeksDeps) {
  const { db, members, events, startGame, ratingOf, presence } = deps;
  const now = deps.now ?? (() => new Date());
  const keptLobby = createShortAnswerCache<SeekView[]>({ ttlMs: LOBBY_KEPT_MS, maxEntries: 1, now: () => now().getTime() });
  // The list is kept only once this instance hears the lobby's events (asked on first use; without a bus, never kept).
  let listening: Promise<boolean> | null = null;
  function lobbyIsWatched(): Promise<boolean> {
    const subscribe = deps.lobbyChanges;
    listening ??= subscribe
      ? subscribe(() => keptLobby.forget("lobby")).then(
          () => true,
          () => {
            listening = null;
            return false;
          },
        )
      : Promise.resolve(false);
    return listening;
  }
  const inTransaction = transactionsWithEvents(db, events);
  // Prepared once: the lobby page and every (re)subscription of its socket read it.
  const openSeeks = db.select().from(seeks).where(gt(seeks.expiresAt, sql.placeholder("now"))).orderBy(asc(seeks.createdAt)).limit(LOBBY_SIZE).prepare("play_lobby_open_seeks");

  /** Live seeks made before this are gone once their member is offline. */
  function presenceCutoff(): Date {
    return new Date(now().getTime() - SEEK_PRESENCE_GRACE_MS);
  }

  /** The seeks a taker may have: daily ones, young live ones, and live ones whose member is online (one presence read). */
  async function withMembersPresent(rows: readonly SeekRow[]): Promise<SeekRow[]> {
    const cutoff = presenceCutoff();
    const needsPresence = (row: SeekRow) => row.speed === "live" && row.createdAt < cutoff;
    const asked = [...new Set(rows.filter(needsPresence).map((row) => row.memberId))];
    const online = asked.length === 0 ? new Set<number>() : await presence.onlineAmong(asked);
    return rows.filter((row) => !needsPresence(row) || online.has(row.memberId));
  }

  function present(row: SeekRow, username: string): SeekView {
    return { id: row.id, username, terms: termsFromRow(row), rating: row.rating, ratingMin: row.ratingMin, ratingMax: row.ratingMax };
  }

  function accepts(row: SeekRow, rating: number): boolean {
    return (row.ratingMin === null || rating >= row.ratingMin) && (row.ratingMax === null || rating <= row.ratingMax);
  }

  function refusal(member: PlayMember, terms: GameTerms): SeekFailure | null {
    if (member.level > 0 || guestMayPlay(terms)) return null;
    return terms.rated ? "guest_rated" : "guest";
  }

  /**
   * Takes a seek for `member`: deleting it is the claim (two takers, one
   * winner), and the game starts in the same transaction. The checks that
   * read other features ran before (no nested connection on PGlite).
   */
  async function take(row: SeekRow, member: PlayMember): Promise<Result<{ gameId: number }, SeekFailure>> {
    return inTransaction(async (tx): Promise<Result<{ gameId: number }, SeekFailure>> => {
      const [claimed] = await tx.delete(seeks).where(and(eq(seeks.id, row.id), gt(seeks.expiresAt, now()))).returning({ id: seeks.id });
      if (!claimed) return fail("seek_gone");
      const game = await startGame(tx, { challengerId: row.memberId, acceptorId: member.id, terms: termsFromRow(row) });
      await events.enqueue(tx, { type: "seek.removed", payload: { id: row.id } });
      await events.enqueue(tx, { type: "seek.paired", memberId: row.memberId, payload: { id: row.id, gameId: game.id } });
      return ok({ gameId: game.id });
    });
  }

  async function create(member: PlayMember, input: SeekInput): Promise<Result<SeekView, SeekFailure>> {
    const refused = refusal(member, input.terms);
    if (refused) return fail(refused);
    const rating = await ratingOf(member.id, input.terms);
    const at = now();
    const ttl = input.terms.control.kind === "live" ? LIVE_SEEK_TTL_MS : DAILY_SEEK_TTL_MS;
    const created = await inTransaction(async (tx): Promise<Result<SeekRow, SeekFailure>> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEEK_LOCK_SPACE}, ${member.id})`);
      const [mine] = await tx.select({ total: count() }).from(seeks).where(and(eq(seeks.memberId, member.id), gt(seeks.expiresAt, at)));
      if ((mine?.total ?? 0) >= MAX_OPEN_SEEKS) return fail("too_many_seeks");
      const [row] = await tx
        .insert(seeks)
        .values({
          memberId: member.id,
          ...termsColumns(input.terms),
          color: input.terms.color,
          rating,
          ratingMin: input.ratingRange ? rating + input.ratingRange.below : null,
          ratingMax: input.ratingRange ? rating + input.ratingRange.above : null,
          expiresAt: new Date(at.getTime() + ttl),
        })
        .returning();
      if (!row) throw new Error("seek insert returned nothing");
      await events.enqueue(tx, { type: "seek.added", payload: present(row, member.username) });
      return ok(row);
    });
    return created.ok ? ok(present(created.value, member.username)) : created;
  }

  return {
    create,

    async cancel(member: PlayMember, seekId: number): Promise<Result<null, SeekFailure>> {
      return inTransaction(async (tx): Promise<Result<null, SeekFailure>> => {
        const [row] = await tx.delete(seeks).where(and(eq(seeks.id, seekId), eq(seeks.memberId, member.id))).returning({ id: seeks.id });
        if (!row) return fail("seek_gone");
        await events.enqueue(tx, { type: "seek.removed", payload: { id: row.id } });
        return ok(null);
      });
    },

    /** Another member takes a seek from the lobby. */
    async accept(member: PlayMember, seekId: number): Promise<Result<{ gameId: number }, SeekFailure>> {
      const [found] = await db.select().from(seeks).where(and(eq(seeks.id, seekId), gt(seeks.expiresAt, now())));
      // A seek whose member went offline is gone, though the sweep has not removed it yet.
      const [row] = found ? await withMembersPresent([found]) : [];
      if (!row) return fail("seek_gone");
      if (row.memberId === member.id) return fail("own_seek");
      const terms = termsFromRow(row);
      const refused = refusal(member, terms);
      if (refused) return fail(refused);
      if (!accepts(row, await ratingOf(member.id, terms))) return fail("out_of_range");
      if (await members.blockedEitherWay(row.memberId, member.id)) return fail("blocked");
      return take(row, member);
    },

    /**
     * Quick pairing: takes the open seek of the same terms whose rating is
     * closest to the member's (and whose range admits them); when there is
     * none, the member's own seek goes into the lobby.
     */
    async quickPair(member: PlayMember, input: SeekInput): Promise<Result<{ gameId: number } | { seek: SeekView }, SeekFailure>> {
      const refused = refusal(member, input.terms);
      if (refused) return fail(refused);
      const rating = await ratingOf(member.id, input.terms);
      const columns = termsColumns(input.terms);
      const candidates = await db
        .select()
        .from(seeks)
        .where(
          and(
            ne(seeks.memberId, member.id),
            gt(seeks.expiresAt, now()),
            eq(seeks.rules, columns.rules),
            eq(seeks.speed, columns.speed),
            eq(seeks.rated, columns.rated),
            columns.baseSeconds === null ? sql`${seeks.baseSeconds} is null` : eq(seeks.baseSeconds, columns.baseSeconds),
            columns.incrementSeconds === null ? sql`${seeks.incrementSeconds} is null` : eq(seeks.incrementSeconds, columns.incrementSeconds),
            columns.daysPerMove === null ? sql`${seeks.daysPerMove} is null` : eq(seeks.daysPerMove, columns.daysPerMove),
            sql`(${seeks.ratingMin} is null or ${seeks.ratingMin} <= ${rating})`,
            sql`(${seeks.ratingMax} is null or ${seeks.ratingMax} >= ${rating})`,
            colorsCompatible(input.terms.color),
          ),
        )
        .orderBy(sql`abs(${seeks.rating} - ${rating})`, asc(seeks.createdAt))
        .limit(5);
      for (const row of await withMembersPresent(candidates)) {
        if (await members.blockedEitherWay(row.memberId, member.id)) continue;
        const taken = await take(row, member);
        // Someone else took this one first: try the next closest.
        if (taken.ok || taken.error !== "seek_gone") return taken;
      }
      const created = await create(member, input);
      return created.ok ? ok({ seek: created.value }) : created;
    },

    /**
     * Removes the live seeks of members who are no longer online, wherever
     * their sockets were: a socket's close removes nothing when its instance
     * died. Safe on every instance at once: the delete is the claim, so each
     * seek goes (and is announced) once. Returns how many went.
     */
    async removeAbsent(): Promise<number> {
      const cutoff = presenceCutoff();
      const stale = and(eq(seeks.speed, "live"), lt(seeks.createdAt, cutoff), gt(seeks.expiresAt, now()));
      const seekers = await db.selectDistinct({ memberId: seeks.memberId }).from(seeks).where(stale);
      if (seekers.length === 0) return 0;
      const online = await presence.onlineAmong(seekers.map((row) => row.memberId));
      const absent = seekers.map((row) => row.memberId).filter((memberId) => !online.has(memberId));
      if (absent.length === 0) return 0;
      return inTransaction(async (tx) => {
        const rows = await tx.delete(seeks).where(and(stale, inArray(seeks.memberId, absent))).returning({ id: seeks.id });
        for (const row of rows) await events.enqueue(tx, { type: "seek.removed", payload: { id: row.id } });
        return rows.length;
      });
    },

    /**
     * The lobby: open seeks, oldest first, with their members' names; a live
     * seek of a member who has gone offline is left out at once, before the
     * sweep removes it (and announces its removal to the lobby's watchers).
     */
    async lobby(): Promise<SeekView[]> {
      const read = async () => {
        const rows = await withMembersPresent(await openSeeks.execute({ now: now() }));
        const names = await members.usernamesByIds(rows.map((row) => row.memberId));
        return rows.map((row) => present(row, names.get(row.memberId) ?? ""));
      };
      return (await lobbyIsWatched()) ? keptLobby.get("lobby", read) : read();
    },
  };
}

/** A seek for white pairs with one for black or random, and so on. */
function colorsCompatible(color: GameTerms["color"]) {
  if (color === "random") return sql`true`;
  return ne(seeks.color, color);
}

const SEEK_LOCK_SPACE = 9_002;

export type SeeksService = ReturnType<typeof createSeeksService>;
