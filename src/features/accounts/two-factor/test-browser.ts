import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { CSRF_COOKIE, CSRF_HEADER } from "../../../platform/security/csrf-names.ts";
import { users } from "../accounts.tables.server.ts";

/**
 * A minimal browser for integration tests: keeps cookies, never follows
 * redirects, and sends state-changing requests the way the site's forms and
 * HTTP client do (the XSRF-TOKEN cookie echoed as header and _token field).
 */
export interface TestResponse {
  readonly status: number;
  readonly location: string | null;
  readonly text: string;
  readonly setCookies: readonly string[];
}

export interface TestBrowser {
  readonly cookies: Map<string, string>;
  get(path: string): Promise<TestResponse>;
  /** A form post (application/x-www-form-urlencoded), or JSON with `{ json: true }`. */
  post(path: string, fields?: Readonly<Record<string, string>>, options?: { json?: boolean; csrf?: boolean }): Promise<TestResponse>;
}

export function createTestBrowser(baseUrl: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"): TestBrowser {
  const cookies = new Map<string, string>();

  function cookieHeader(): string {
    return [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  function remember(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(/;\s*/);
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = decodeURIComponent(pair.slice(separator + 1));
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=");
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return new Date(raw).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function send(path: string, init: RequestInit): Promise<TestResponse> {
    const response = await fetch(new URL(path, baseUrl), { ...init, redirect: "manual" });
    const setCookies = response.headers.getSetCookie();
    remember(setCookies);
    return { status: response.status, location: response.headers.get("location"), text: await response.text(), setCookies };
  }

  return {
    cookies,
    get(path) {
      return send(path, { headers: { cookie: cookieHeader(), "user-agent": userAgent } });
    },
    async post(path, fields = {}, options = {}) {
      const token = cookies.get(CSRF_COOKIE) ?? "";
      const headers: Record<string, string> = { cookie: cookieHeader(), "user-agent": userAgent };
      if (options.csrf !== false) headers[CSRF_HEADER] = token;
      if (options.json) {
        return send(path, { method: "POST", headers: { ...headers, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(fields) });
      }
      const body = new URLSearchParams({ ...fields, ...(options.csrf === false ? {} : { _token: token }) });
      return send(path, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() });
    },
  };
}

/** A fresh member with a password (argon2id, as registration stores it). */
export async function createTestMember(db: Database, username: string, password: string, membershipLevel = 10): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ username, usernameKey: username.toLowerCase(), email: `${username.toLowerCase()}@example.test`, passwordHash: await hash(password), membershipLevel })
    .returning({ id: users.id });
  if (!row) throw new Error(`could not create ${username}`);
  return row.id;
}

export async function memberRow(db: Database, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no member ${userId}`);
  return row;
}

/** Signs in through the login form; returns where /login sent the browser. */
export async function signIn(browser: TestBrowser, username: string, password: string, redirectUrl?: string): Promise<TestResponse> {
  if (!browser.cookies.has(CSRF_COOKIE)) await browser.get("/login");
  return browser.post("/login", { username, password, ...(redirectUrl ? { redirectUrl } : {}) });
}
