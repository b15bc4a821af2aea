import { sql, type SQL } from "drizzle-orm";
import { userRoles } from "./accounts.tables.server.ts";
import type { ClubRoleSource } from "./club-role-source.ts";
import { hasAtLeast, isClosedLevel, membershipName } from "./levels.ts";

/** Site-wide roles a member can hold besides the level. */
export const siteRoles = ["cheat_analyst"] as const;
export type SiteRole = (typeof siteRoles)[number];
/** Roles a member can hold in one club. */
export const clubRoleNames = ["owner", "admin", "chat_moderator"] as const;
export type ClubRoleName = (typeof clubRoleNames)[number];

/** The role rows a session carries, read with it in one query (sessions.service.server.ts). */
export interface HeldRoles {
  readonly site: readonly string[];
  readonly clubs: readonly { readonly clubId: number; readonly role: string }[];
}

/**
 * SQL that reads a member's held roles inside another select (`userIdColumn`
 * names the member's id column): the site roles from accounts' own table, the
 * club roles from whoever owns clubs, so the session's one query carries both.
 */
export function heldRolesColumns(userIdColumn: SQL, clubRoles: ClubRoleSource) {
  return {
    siteRoles: sql<unknown>`array(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${userIdColumn} order by ${userRoles.role})`,
    clubRoles: clubRoles.heldClubRolesSql(userIdColumn),
  };
}

/** Reads what heldRolesColumns() selected; anything malformed is dropped rather than trusted. */
export function parseHeldRoles(siteRoles: unknown, clubRoleRows: unknown): HeldRoles {
  const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  return {
    site: texts(siteRoles),
    clubs: texts(clubRoleRows).flatMap((entry) => {
      const match = /^(\d+):(.+)$/.exec(entry);
      return match?.[1] && match[2] ? [{ clubId: Number(match[1]), role: match[2] }] : [];
    }),
  };
}

/**
 * The role names a member has, as GET /callback/security/user/roles answers
 * them: ROLE_USER for every account, the level's role (ROLE_GOLD, ROLE_STAFF,
 * ...), cumulative ROLE_PREMIUM / ROLE_MODERATOR / ROLE_STAFF, site roles,
 * and per-club roles as ROLE_CLUB_<ROLE>_<clubId>.
 */
export function roleNames(level: number, held: HeldRoles): string[] {
  const roles = new Set<string>(["ROLE_USER", `ROLE_${membershipName(level).toUpperCase()}`]);
  if (level === 0) roles.add("ROLE_GUEST");
  if (isClosedLevel(level)) roles.add("ROLE_CLOSED");
  if (hasAtLeast(level, "silver")) roles.add("ROLE_PREMIUM");
  if (hasAtLeast(level, "moderator")) roles.add("ROLE_MODERATOR");
  if (hasAtLeast(level, "staff")) roles.add("ROLE_STAFF");
  for (const role of held.site) roles.add(`ROLE_${role.toUpperCase()}`);
  for (const { clubId, role } of held.clubs) roles.add(`ROLE_CLUB_${role.toUpperCase()}_${clubId}`);
  return [...roles].sort();
}
