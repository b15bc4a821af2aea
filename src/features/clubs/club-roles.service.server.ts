import { eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { ClubRoleSource } from "../accounts/club-role-source.ts";
import { clubRoles } from "./clubs.tables.server.ts";

/** The roles members hold in clubs, for the accounts feature's role list (ROLE_CLUB_<ROLE>_<clubId>). */
export function createClubRoles(db: Database): ClubRoleSource {
  return {
    clubRolesOf: (memberId) => db.select({ clubId: clubRoles.clubId, role: clubRoles.role }).from(clubRoles).where(eq(clubRoles.userId, memberId)),
  };
}
