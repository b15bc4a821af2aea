import type { MemberSummary } from "./member-summary.schema.ts";
import { users, type UserRow } from "./accounts.tables.server.ts";

/** The users columns a member summary (lists, cards, staff tools, gifters) is made of. */
export const memberSummaryColumns = {
  username: users.username,
  countryCode: users.countryCode,
  chessTitle: users.chessTitle,
  membershipLevel: users.membershipLevel,
  flairCode: users.flairCode,
  createdAt: users.createdAt,
};

export type MemberSummaryRow = Pick<UserRow, keyof typeof memberSummaryColumns>;

/** A member summary as the browser sees it (never a database row). */
export function presentMemberSummary(row: MemberSummaryRow): MemberSummary {
  return {
    username: row.username,
    countryCode: row.countryCode,
    chessTitle: row.chessTitle,
    membershipLevel: row.membershipLevel,
    flairCode: row.flairCode,
    joinedAt: row.createdAt.toISOString(),
  };
}
