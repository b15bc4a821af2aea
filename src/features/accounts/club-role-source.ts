import { sql, type SQL } from "drizzle-orm";

/**
 * Where the accounts feature learns a member's club roles for their role list
 * (ROLE_CLUB_<ROLE>_<clubId>): the clubs feature fills it, so accounts owns no
 * club table. It answers SQL, not rows, so the club roles come in the
 * session's one query (a text[] of "clubId:role").
 */
export interface ClubRoleSource {
  heldClubRolesSql(memberIdColumn: SQL): SQL<unknown>;
}

/** No clubs: no club roles (tests, and a site without the clubs feature). */
export const noClubRoles: ClubRoleSource = { heldClubRolesSql: () => sql<unknown>`'{}'::text[]` };
