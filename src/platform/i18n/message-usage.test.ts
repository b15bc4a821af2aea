import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { messageKeysUsedBy } from "./message-usage.server.ts";
import { messagesFor, pageMessagesFor } from "./messages.server.ts";

const catalogKeys = ["page.title", "page.lead", "card.action.add", "card.action.block", "lazy.title", "route.web_home", "route.web_clubs", "unused.key", "server.only"];

/** A small module graph on disk: a page, a component it imports, one it loads lazily, and a module nobody imports. */
function moduleGraph(): string {
  const dir = mkdtempSync(join(tmpdir(), "ks-usage-"));
  mkdirSync(join(dir, "parts"));
  writeFileSync(join(dir, "page.tsx"), `import { Card } from "./parts/card.tsx";\nconst Lazy = lazy(() => import("./parts/lazy.tsx"));\nexport const title = intl.formatMessage({ id: "page.title" });\nconst heading = \`route.\${name}\`;`);
  writeFileSync(join(dir, "parts", "card.tsx"), `import type { Props } from "../types.ts";\nconst actions = ["add", "block"].map((id) => "card.action." + id);\nexport const lead = 'page.lead';`);
  writeFileSync(join(dir, "parts", "lazy.tsx"), `export default () => intl.formatMessage({ id: "lazy.title" });`);
  writeFileSync(join(dir, "elsewhere.server.ts"), `export const done = "server.only";`);
  return dir;
}

describe("the messages a page can show", () => {
  it("finds keys named literally in the page and everything it imports, lazily too", () => {
    const dir = moduleGraph();
    const used = messageKeysUsedBy([join(dir, "page.tsx")], catalogKeys);
    expect([...used].sort()).toEqual(["card.action.add", "card.action.block", "lazy.title", "page.lead", "page.title", "route.web_clubs", "route.web_home"]);
  });

  it("leaves out keys that only modules outside the page's imports name", () => {
    const dir = moduleGraph();
    const used = messageKeysUsedBy([join(dir, "parts", "lazy.tsx")], catalogKeys);
    expect([...used]).toEqual(["lazy.title"]);
  });

  it("sends a page its own and the shell's messages, not the whole catalog", () => {
    const full = messagesFor("es");
    const login = pageMessagesFor("es", "features/accounts/pages/login-page.tsx");
    expect(login["accounts.login.username"]).toBe(full["accounts.login.username"]);
    expect(login["shell.nav.play"]).toBe(full["shell.nav.play"]);
    expect(login["game.page.title"]).toBeUndefined();
    expect(Object.keys(login).length).toBeLessThan(Object.keys(full).length / 2);
    const game = pageMessagesFor("es", "features/play/game-page/game-page.tsx");
    // A message with arguments travels parsed; plain text as itself.
    expect(game["game.page.title"]).toEqual(parse(full["game.page.title"] ?? ""));
    expect(game["registration.username"]).toBeUndefined();
  });

  it("does not follow a @signedInOnly module for a visitor who is not signed in, unless another path leads to its imports", () => {
    const dir = moduleGraph();
    writeFileSync(join(dir, "members.tsx"), `/** @signedInOnly */\nimport "./parts/lazy.tsx";\nexport const t = "page.lead";`);
    writeFileSync(join(dir, "shell.tsx"), `const Members = lazy(() => import("./members.tsx"));\nexport const x = "page.title";`);
    const keys = (signedIn: boolean) => [...messageKeysUsedBy([join(dir, "shell.tsx")], catalogKeys, { signedIn })].sort();
    expect(keys(true)).toEqual(["lazy.title", "page.lead", "page.title"]);
    expect(keys(false)).toEqual(["page.title"]);
    // A module the signed-in one imports still counts when the page reaches it another way.
    writeFileSync(join(dir, "shell-with-lazy.tsx"), `const Members = lazy(() => import("./members.tsx"));\nimport "./parts/lazy.tsx";\nexport const x = "page.title";`);
    expect([...messageKeysUsedBy([join(dir, "shell-with-lazy.tsx")], catalogKeys, { signedIn: false })].sort()).toEqual(["lazy.title", "page.title"]);
  });

  it("does not follow a type-only import: no code comes in through it", () => {
    const dir = moduleGraph();
    writeFileSync(join(dir, "typed.tsx"), `import type { Props } from "./parts/lazy.tsx";\nexport type {\n  Other,\n} from "./parts/card.tsx";\nexport const x = "page.title";`);
    expect([...messageKeysUsedBy([join(dir, "typed.tsx")], catalogKeys)]).toEqual(["page.title"]);
    writeFileSync(join(dir, "mixed.tsx"), `import { type Props, Lazy } from "./parts/lazy.tsx";\nexport const x = "page.title";`);
    expect([...messageKeysUsedBy([join(dir, "mixed.tsx")], catalogKeys)].sort()).toEqual(["lazy.title", "page.title"]);
  });

  it("sends a visitor's member page neither the gift form's nor the staff tools' messages", () => {
    const visitor = pageMessagesFor("en", "features/members/pages/member-page.tsx", false);
    const member = pageMessagesFor("en", "features/members/pages/member-page.tsx", true);
    expect(member["membership.gift.title"]).toBeTruthy();
    expect(member["staff.panel.title"]).toBeTruthy();
    expect(visitor["membership.gift.title"]).toBeUndefined();
    expect(visitor["staff.panel.title"]).toBeUndefined();
    expect(visitor["membership.page.lead"]).toBeUndefined();
    // What a visitor can see: a disabled account's notice, the membership badges.
    expect(visitor["staff.account.disabled"]).toBeTruthy();
    expect(visitor["membership.gold"]).toBeTruthy();
  });

  it("sends the signed-in shell's messages (the bell's) only to a signed-in visitor's pages", () => {
    const visitor = pageMessagesFor("en", "features/accounts/registration/pages/register-page.tsx", false);
    const member = pageMessagesFor("en", "features/accounts/registration/pages/register-page.tsx", true);
    expect(member["notifications.bell.label"]).toBeTruthy();
    expect(visitor["notifications.bell.label"]).toBeUndefined();
    expect(visitor["registration.username"]).toEqual(member["registration.username"]);
    expect(visitor["shell.nav.play"]).toEqual(member["shell.nav.play"]);
  });

  it("gives a path that no page matches the shell and the not-found page", () => {
    const notFound = pageMessagesFor("en", null);
    expect(notFound["shell.error.not_found.title"]).toBeTruthy();
    expect(notFound["archive.title"]).toBeUndefined();
  });
});
