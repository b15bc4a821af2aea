import type { Browser, BrowserContext, Page } from "@playwright/test";

/** The one password every demo sign-in account uses. */
export const DEMO_PASSWORD = "kingside-demo";

/** A member signed in in a browser context of their own. */
export interface Member {
  readonly context: BrowserContext;
  readonly page: Page;
}

export interface SignInOptions {
  /** Needed when the spec's server is its own (ownServer): contexts made by hand do not inherit it. */
  readonly baseURL?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Runs on the context's first page before it opens anything (e.g. to route its socket). */
  readonly beforeFirstPage?: (page: Page) => Promise<void>;
}

/** Signs a demo member in from /login and waits until they land on `path`. */
export async function signIn(browser: Browser, username: string, path: string, options: SignInOptions = {}): Promise<Member> {
  const context = await browser.newContext({
    colorScheme: "dark",
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const page = await context.newPage();
  await options.beforeFirstPage?.(page);
  await page.goto(`/login?redirectUrl=${encodeURIComponent(path)}`);
  await page.locator("input[name='username']").fill(username);
  await page.locator("input[name='password']").fill(DEMO_PASSWORD);
  await page.locator("form[action='/login'] button[type='submit']").click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  return { context, page };
}

/** A state-changing call with the member's session and CSRF token; the status tells what happened. */
export async function call(member: Member, method: "POST" | "PUT" | "DELETE", path: string): Promise<number> {
  const token = (await member.context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const response = await member.page.request.fetch(path, {
    method,
    headers: { accept: "application/json", "x-xsrf-token": decodeURIComponent(token) },
    data: {},
  });
  return response.status();
}

/**
 * Resolves when the notifications bell has its first count (asked once the
 * page's socket joins the member's room). A journey that signs out at once
 * waits for it: otherwise the request can leave after the sign-out and come
 * back 401, which the page-health check counts. Call it before the sign-in.
 */
export function bellCountAnswered(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/callback/notifications/unread");
}
