import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { CSRF_COOKIE, CSRF_FIELD } from "../../../platform/security/csrf-names.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { users } from "../accounts.tables.server.ts";

/**
 * The shared test browser (src/test/http-session.ts) with answers read at
 * once: status, where a redirect goes, the body as text. Sends a desktop
 * browser's User-Agent unless given another one.
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
  /** A multipart form post, as a browser sends a form with a file: the CSRF token as the _token field first. */
  upload(path: string, files: Readonly<Record<string, { data: Buffer; name: string; type: string }>>, fields?: Readonly<Record<string, string>>): Promise<TestResponse>;
}

async function read(pending: Promise<Response>): Promise<TestResponse> {
  const response = await pending;
  return { status: response.status, location: response.headers.get("location"), text: await response.text(), setCookies: response.headers.getSetCookie() };
}

export function createTestBrowser(baseUrl: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36"): TestBrowser {
  const session = new HttpSession(baseUrl, { userAgent });
  return {
    cookies: session.cookies,
    get: (path) => read(session.get(path)),
    post: (path, fields = {}, options = {}) => read(options.json ? session.request("POST", path, { json: fields, csrf: options.csrf }) : session.postForm(path, fields, { csrf: options.csrf })),
    upload: (path, files, fields = {}) => {
      const form = new FormData();
      form.set(CSRF_FIELD, session.csrfToken);
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      for (const [name, file] of Object.entries(files)) form.set(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      return read(session.request("POST", path, { multipart: form, csrf: false }));
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
