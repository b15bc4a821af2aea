import { sql } from "drizzle-orm";
import type { ClubRoleSource } from "../accounts/club-role-source.ts";
import { clubRoles } from "./clubs.tables.server.ts";

/** The roles members hold in clubs, for the accounts feature's role list (ROLE_CLUB_<ROLE>_<clubId>). */
export function createClubRoles(): ClubRoleSource {
  return {
    heldClubRolesSql: (memberIdColumn) => sql<unknown>`array(select ${clubRoles.clubId}::text || ':' || ${clubRoles.role} from ${clubRoles} where ${clubRoles.userId} = ${memberIdColumn})`,
  };
}
