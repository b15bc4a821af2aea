/**
 * A club's team-match leaderboards (issue 25 item 6, decision 0076): its
 * members ranked by the points they scored for the club in its daily or its
 * live team matches, then by win rate, then by fewer games. Counted from the
 * boards' games with a result; a forfeit (no game) counts for the match score
 * but is nobody's win on this board of honour.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "../../platform/db/client.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ClubLeaderboardPage, ClubLeaderRow, TeamMatchKind } from "./team-matches.schema.ts";

export const CLUB_LEADERBOARD_PAGE_SIZE = 25;
/** The deepest page served (25 × 400 = 10,000 members). */
export const CLUB_LEADERBOARD_MAX_PAGE = 400;

const tallyRowsSchema = z.array(
  z.object({ member_id: z.coerce.number(), points2: z.coerce.number(), wins: z.coerce.number(), draws: z.coerce.number(), losses: z.coerce.number(), total: z.coerce.number() }),
);

export function createTeamMatchLeaderboards(db: Database, deps: { readonly directory: MemberDirectory }) {
  const { directory } = deps;

  /** One page of a club's members ranked for one kind of team match. */
  async function clubLeaderboard(clubId: number, kind: TeamMatchKind, page: number): Promise<ClubLeaderboardPage> {
    const offset = (page - 1) * CLUB_LEADERBOARD_PAGE_SIZE;
    // Both sides' games of the club's matches, each as (the club's player, the club's half points).
    const played = sql`
      select g.player_a_id as member_id, g.points_a2 as points2
        from team_match_games g join team_matches m on m.id = g.match_id
       where m.club_a_id = ${clubId} and m.kind = ${kind} and g.game_id is not null and g.points_a2 is not null and g.player_a_id is not null
      union all
      select g.player_b_id, 2 - g.points_a2
        from team_match_games g join team_matches m on m.id = g.match_id
       where m.club_b_id = ${clubId} and m.kind = ${kind} and g.game_id is not null and g.points_a2 is not null and g.player_b_id is not null`;
    const rows = tallyRowsSchema.parse(
      await queryRows(
        db,
        sql`
      with played as (${played}),
      tally as (
        select member_id, sum(points2)::int as points2, count(*) filter (where points2 = 2)::int as wins,
               count(*) filter (where points2 = 1)::int as draws, count(*) filter (where points2 = 0)::int as losses
          from played group by member_id
      )
      select t.*, count(*) over ()::int as total from tally t
       order by t.points2 desc, (t.wins::float / (t.wins + t.draws + t.losses)) desc, (t.wins + t.draws + t.losses) asc, t.member_id asc
       limit ${CLUB_LEADERBOARD_PAGE_SIZE} offset ${offset}`,
      ),
    );
    const members = await directory.membersByIds(rows.map((row) => row.member_id));
    const total = rows[0]?.total ?? 0;
    const leaders: ClubLeaderRow[] = rows.map((row, index) => {
      const games = row.wins + row.draws + row.losses;
      const member = members.get(row.member_id);
      return {
        rank: offset + index + 1,
        username: member?.username ?? "",
        avatarUrl: member?.avatarUrl ?? null,
        countryCode: member?.countryCode ?? "",
        points: row.points2 / 2,
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        games,
        winRate: games === 0 ? 0 : Math.round((row.wins / games) * 1000) / 10,
      };
    });
    return { leaders, page, totalPages: Math.max(1, Math.ceil(total / CLUB_LEADERBOARD_PAGE_SIZE)), total };
  }

  return { clubLeaderboard };
}

export type TeamMatchLeaderboards = ReturnType<typeof createTeamMatchLeaderboards>;
