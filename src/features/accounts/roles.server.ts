import { eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { userRoles } from "./accounts.tables.server.ts";
import type { ClubRoleSource } from "./club-role-source.ts";
import { hasAtLeast, isClosedLevel, membershipName } from "./levels.ts";

/** Site-wide roles a member can hold besides the level. */
export const siteRoles = ["cheat_analyst"] as const;
export type SiteRole = (typeof siteRoles)[number];
/** Roles a member can hold in one club. */
export const clubRoleNames = ["owner", "admin", "chat_moderator"] as const;
export type ClubRoleName = (typeof clubRoleNames)[number];

/**
 * The role names a member has, as GET /callback/security/user/roles answers
 * them: ROLE_USER for every account, the level's role (ROLE_GOLD, ROLE_STAFF,
 * ...), cumulative ROLE_PREMIUM / ROLE_MODERATOR / ROLE_STAFF, site roles,
 * and per-club roles as ROLE_CLUB_<ROLE>_<clubId>.
 */
export async function rolesOf(db: Database, clubRoles: ClubRoleSource, userId: number, level: number): Promise<string[]> {
  const [site, clubs] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    clubRoles.clubRolesOf(userId),
  ]);
  const roles = new Set<string>(["ROLE_USER", `ROLE_${membershipName(level).toUpperCase()}`]);
  if (level === 0) roles.add("ROLE_GUEST");
  if (isClosedLevel(level)) roles.add("ROLE_CLOSED");
  if (hasAtLeast(level, "silver")) roles.add("ROLE_PREMIUM");
  if (hasAtLeast(level, "moderator")) roles.add("ROLE_MODERATOR");
  if (hasAtLeast(level, "staff")) roles.add("ROLE_STAFF");
  for (const { role } of site) roles.add(`ROLE_${role.toUpperCase()}`);
  for (const { clubId, role } of clubs) roles.add(`ROLE_CLUB_${role.toUpperCase()}_${clubId}`);
  return [...roles].sort();
}
