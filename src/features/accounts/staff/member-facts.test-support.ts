import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { users } from "../accounts.tables.server.ts";

export interface UserFacts {
  readonly id: number;
  readonly username: string;
  readonly membershipLevel: number;
  readonly membershipExpiresAt: Date | null;
  readonly isEnabled: boolean;
  readonly disabledAt: Date | null;
  readonly archiveView: string;
  readonly homeContentType: string;
  readonly fairPlayAgree: boolean;
}

export async function userFacts(db: Database, username: string): Promise<UserFacts> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      membershipLevel: users.membershipLevel,
      membershipExpiresAt: users.membershipExpiresAt,
      isEnabled: users.isEnabled,
      disabledAt: users.disabledAt,
      archiveView: users.archiveView,
      homeContentType: users.homeContentType,
      fairPlayAgree: users.fairPlayAgree,
    })
    .from(users)
    .where(eq(users.usernameKey, username.toLowerCase()));
  if (!row) throw new Error(`no member ${username}`);
  return row;
}

/**
 * Generated demo members have no password. This gives `count` of them at
 * `level` the demo password (copied from bob's hash) so tests can sign in
 * as members nobody else uses. Returns their usernames.
 */
export async function membersWithPassword(db: Database, level: number, count: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.passwordHash} is null and ${users.membershipLevel} = 10 and ${users.isEnabled} and ${users.membershipExpiresAt} is null`)
    .orderBy(users.id)
    .limit(count);
  for (const row of rows) {
    await db.execute(sql`update users set membership_level = ${level}, password_hash = (select password_hash from users where username_key = 'bob') where id = ${row.id}`);
  }
  return rows.map((row) => row.username);
}
