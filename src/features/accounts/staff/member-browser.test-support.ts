import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { CSRF_FIELD } from "../../../platform/security/csrf-names.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { users } from "../accounts.tables.server.ts";

/** The shared password of the demo accounts (alice, bob, carla, moderator, staff). */
export const DEMO_PASSWORD = "kingside-demo";

/**
 * The shared test browser (cookies, the XSRF-TOKEN cookie echoed as the
 * X-XSRF-TOKEN header) with what the account-action tests add: any method,
 * form posts that carry _token like the site's forms, JSON answers asked for
 * otherwise, and pages as text.
 */
export class MemberBrowser extends HttpSession {
  async fetch(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    if (method !== "GET" && options.csrf !== false) await this.ensureCsrf();
    const form = options.form && options.csrf !== false ? { [CSRF_FIELD]: this.csrfToken, ...options.form } : options.form;
    return this.request(method, path, { ...options, form, headers: form ? {} : { accept: "application/json" } });
  }

  delete(path: string): Promise<Response> {
    return this.fetch("DELETE", path);
  }

  async html(path: string): Promise<string> {
    return (await this.get(path)).text();
  }
}

/** A browser signed in as `username` (a demo password); fails the test when the site refuses. */
export async function signedIn(baseUrl: string, username: string): Promise<MemberBrowser> {
  const browser = new MemberBrowser(baseUrl);
  const response = await browser.signIn(username, DEMO_PASSWORD);
  if (response.status !== 200) throw new Error(`sign-in as ${username} failed with ${response.status}: ${await response.text()}`);
  return browser;
}

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
