import { demoPassword } from "../server/seed/demo-data.server.ts";
import { HttpSession } from "./http-session.ts";
import type { RunningApp } from "./start-app.ts";

/** A browser signed in as the demo member `username`; fails the test when the site refuses. */
export async function signedInAs(suite: { readonly current: RunningApp }, username: string): Promise<HttpSession> {
  const browser = new HttpSession(suite.current.baseUrl);
  const response = await browser.signIn(username, demoPassword);
  if (response.status !== 200) throw new Error(`sign-in as ${username} failed with ${response.status}: ${await response.text()}`);
  return browser;
}

export interface SuiteBrowsers {
  /** A fresh browser nobody signed in with. */
  anonymous(): HttpSession;
  /** One signed-in browser per demo member for the whole suite: signing in (argon2) is the slow part. */
  as(username: string): Promise<HttpSession>;
}

/** Browsers on the suite's app, the signed-in ones kept for reuse. */
export function browsersForSuite(suite: { readonly current: RunningApp }): SuiteBrowsers {
  const browsers = new Map<string, Promise<HttpSession>>();
  return {
    anonymous: () => new HttpSession(suite.current.baseUrl),
    as(username) {
      let browser = browsers.get(username);
      if (!browser) browsers.set(username, (browser = signedInAs(suite, username)));
      return browser;
    },
  };
}
