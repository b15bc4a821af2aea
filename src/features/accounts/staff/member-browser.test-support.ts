import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from "../../../platform/security/csrf-names.ts";
import { users } from "../accounts.tables.server.ts";

/** The shared password of the demo accounts (alice, bob, carla, moderator, staff). */
export const DEMO_PASSWORD = "kingside-demo";

/**
 * A small browser for the integration tests of the account actions: it keeps
 * cookies, opens a page first to receive the XSRF-TOKEN cookie, and sends
 * that token back as the X-XSRF-TOKEN header (or the _token field of a form),
 * as the site's HTTP client and forms do. Signing in replaces the token.
 */
export class MemberBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get csrfToken(): string {
    return this.cookies.get(CSRF_COOKIE) ?? "";
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = decodeURIComponent(pair.slice(at + 1).trim());
      if (!value || /expires=Thu, 01 Jan 1970|max-age=0\b/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    if (method !== "GET" && options.csrf !== false && !this.csrfToken) await this.fetch("GET", "/about");
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") };
    if (method !== "GET" && options.csrf !== false) headers[CSRF_HEADER] = this.csrfToken;
    let body: string | undefined;
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams({ ...(options.csrf !== false ? { [CSRF_FIELD]: this.csrfToken } : {}), ...options.form }).toString();
    } else if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      headers.accept = "application/json";
      body = JSON.stringify(options.json);
    } else if (method !== "GET") {
      headers.accept = "application/json";
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    this.keepCookies(response);
    return response;
  }

  get(path: string): Promise<Response> {
    return this.fetch("GET", path);
  }

  post(path: string, json: unknown = {}): Promise<Response> {
    return this.fetch("POST", path, { json });
  }

  delete(path: string): Promise<Response> {
    return this.fetch("DELETE", path);
  }

  async html(path: string): Promise<string> {
    return (await this.get(path)).text();
  }

  /** Signs in (JSON) and fails the test when the site refuses. */
  async signIn(username: string, password: string = DEMO_PASSWORD): Promise<this> {
    const response = await this.tryToSignIn(username, password);
    if (response.status !== 200) throw new Error(`sign-in as ${username} failed with ${response.status}: ${await response.text()}`);
    return this;
  }

  tryToSignIn(username: string, password: string = DEMO_PASSWORD): Promise<Response> {
    return this.fetch("POST", "/login", { json: { username, password } });
  }
}

/** A signed-in browser. */
export function signedIn(baseUrl: string, username: string): Promise<MemberBrowser> {
  return new MemberBrowser(baseUrl).signIn(username);
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
export async function membersWithPassword(db: Database, level: number, count: number, options: { offset?: number } = {}): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.passwordHash} is null and ${users.membershipLevel} = 10 and ${users.isEnabled} and ${users.membershipExpiresAt} is null`)
    .orderBy(users.id)
    .limit(count)
    .offset(options.offset ?? 0);
  for (const row of rows) {
    await db.execute(sql`update users set membership_level = ${level}, password_hash = (select password_hash from users where username_key = 'bob') where id = ${row.id}`);
  }
  return rows.map((row) => row.username);
}
