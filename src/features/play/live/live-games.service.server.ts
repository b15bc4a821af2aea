/**
 * Games in progress, for /live and for presence's "playing" (the Watch link).
 * Only live games count: a daily game lasts weeks, and a member with a
 * correspondence game open is not "playing" in any sense a watcher cares for
 * (docs/decisions/0017).
 */
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { termsFromRow } from "../game-terms.server.ts";
import type { PlayMembers } from "../play-ports.server.ts";
import { games, gameTermsColumns } from "../play.tables.server.ts";
import { LIVE_GAMES_PER_PAGE, type LiveGamesPage } from "./live-games.schema.ts";

/** A newcomer's rating (Glicko-2's start) when a player has none of the type yet. */
const UNRATED = 1500;

const liveAndPlaying = and(eq(games.status, "playing"), eq(games.speed, "live"));

export function createLiveGamesService(deps: { db: Database; members: Pick<PlayMembers, "usernamesByIds"> }) {
  const { db, members } = deps;
  // The ratings the players brought to the game (its snapshot, written as it started): no read of the ratings' tables.
  const average = sql<number>`(coalesce(${games.whiteRating}, ${UNRATED}) + coalesce(${games.blackRating}, ${UNRATED})) / 2`;

  return {
    /**
     * The live games each member plays now, newest first (presence's source).
     * The partial indexes on white_id and black_id where playing make it two
     * index probes per member.
     */
    async liveGamesOf(memberIds: readonly number[]): Promise<Map<number, number[]>> {
      const byMember = new Map<number, number[]>();
      if (memberIds.length === 0) return byMember;
      const ids = [...memberIds];
      const rows = await db
        .select({ id: games.id, whiteId: games.whiteId, blackId: games.blackId })
        .from(games)
        .where(and(liveAndPlaying, or(inArray(games.whiteId, ids), inArray(games.blackId, ids))))
        .orderBy(desc(games.id));
      for (const row of rows) {
        for (const memberId of [row.whiteId, row.blackId]) {
          if (!memberIds.includes(memberId)) continue;
          byMember.set(memberId, [...(byMember.get(memberId) ?? []), row.id]);
        }
      }
      return byMember;
    },

    /**
     * /live: live games in progress, the strongest first (the players' mean
     * rating of the game's type as they sat down). The filter reads the partial index
     * of games in play; the order is computed over those rows, which are the
     * games being played at this moment (thousands at most), not the archive.
     */
    async gamesInProgress(page: number, perPage = LIVE_GAMES_PER_PAGE): Promise<LiveGamesPage> {
      const [totalRow] = await db.select({ total: count() }).from(games).where(liveAndPlaying);
      const rows = await db
        .select({
          ...gameTermsColumns,
          fen: games.fen,
          ply: games.ply,
          version: games.version,
          whiteRating: games.whiteRating,
          blackRating: games.blackRating,
          average,
        })
        .from(games)
        .where(liveAndPlaying)
        .orderBy(desc(average), desc(games.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const names = await members.usernamesByIds([...new Set(rows.flatMap((row) => [row.whiteId, row.blackId]))]);
      return {
        page,
        perPage,
        total: totalRow?.total ?? 0,
        games: rows.map((row) => {
          const terms = termsFromRow({ ...row, color: "random" });
          return {
            id: row.id,
            rules: terms.rules,
            control: terms.control,
            rated: row.rated,
            white: { username: names.get(row.whiteId) ?? "", rating: Math.round(row.whiteRating ?? UNRATED) },
            black: { username: names.get(row.blackId) ?? "", rating: Math.round(row.blackRating ?? UNRATED) },
            averageRating: Math.round(Number(row.average)),
            fen: row.fen,
            ply: row.ply,
            version: row.version,
          };
        }),
      };
    },
  };
}

export type LiveGamesService = ReturnType<typeof createLiveGamesService>;
