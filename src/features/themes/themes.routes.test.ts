import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { levels } from "../accounts/levels.ts";
import { membersWithPassword } from "../accounts/staff/member-facts.test-support.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import type { HttpSession } from "../../test/http-session.ts";
import { themePaths, type ActiveThemeView } from "./themes.schema.ts";
import { memberThemes } from "./themes.tables.server.ts";

interface Answer {
  readonly theme?: ActiveThemeView;
  readonly code?: string;
  readonly fields?: Readonly<Record<string, string>>;
}

const answerOf = async (response: Response) => (await response.json()) as Answer;

/** The theme stylesheet a page links (the one <link> with the theme's id), and every stylesheet it links. */
function stylesheetsOf(html: string): { theme: string[]; all: string[] } {
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((match) => match[0]).filter((tag) => /rel="stylesheet"/.test(tag));
  const hrefOf = (tag: string) => (/href="([^"]*)"/.exec(tag)?.[1] ?? "").replaceAll("&amp;", "&");
  return { theme: links.filter((tag) => /id="ks-theme-stylesheet"/.test(tag)).map(hrefOf), all: links.map(hrefOf) };
}

describe.each(databaseTargets())("the theme service on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  async function storedThemeOf(username: string) {
    const [member] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username.toLowerCase()));
    if (!member) throw new Error(`no member ${username}`);
    const [row] = await db().select().from(memberThemes).where(eq(memberThemes.memberId, member.id));
    return row ?? null;
  }

  async function activeThemeOf(browser: HttpSession): Promise<ActiveThemeView> {
    const response = await browser.get(`${themePaths.active}?platform=WEB&piecesSize=150&boardSize=200`);
    expect(response.status).toBe(200);
    const { theme } = await answerOf(response);
    if (!theme) throw new Error("no theme in the answer");
    return theme;
  }

  it("gives a visitor the default theme with every asset of spec 001 §3.6", async () => {
    const theme = await activeThemeOf(anonymous());
    expect(theme.selection).toEqual({ boardStyleId: "green", pieceSetId: "neo", soundSetId: "default", backgroundId: "plain" });
    expect(theme.boardStyle).toMatchObject({ id: "green", name: "Green", lightSquare: "#eeeed2", darkSquare: "#769656", coordinateColors: { light: "#769656", dark: "#eeeed2" } });
    expect(theme.boardStyle.highlight).toBeTruthy();
    expect(Object.keys(theme.pieceSet.pieces).sort()).toEqual(["bb", "bk", "bn", "bp", "bq", "br", "wb", "wk", "wn", "wp", "wq", "wr"]);
    expect(theme.pieceSet.pieces.wk).toBe("/pieces/neo/wk.svg");
    expect(Object.keys(theme.soundSet.sounds)).toHaveLength(12);
    expect(theme.soundSet.sounds["move-check"]).toEqual({
      webm: "/sounds/default/move-check.webm",
      ogg: "/sounds/default/move-check.ogg",
      mp3: "/sounds/default/move-check.mp3",
      wav: "/sounds/default/move-check.wav",
    });
    expect(theme.stylesheetUrl).toMatch(/^\/pub\/themes\/green\/neo\/default\/plain\.css\?v=/);
  });

  it("keeps a member's choice, changes only the ids sent, and answers it in the asker's language", async () => {
    const alice = await as("alice");
    const chosen = await alice.post(themePaths.select, { boardStyleId: "blue", pieceSetId: "staunton" });
    expect(chosen.status).toBe(200);
    expect((await answerOf(chosen)).theme?.selection).toEqual({ boardStyleId: "blue", pieceSetId: "staunton", soundSetId: "default", backgroundId: "plain" });
    expect((await activeThemeOf(alice)).pieceSet.pieces.bq).toBe("/pieces/staunton/bq.svg");

    const sounds = await alice.post(themePaths.select, { soundSetId: "arcade", backgroundId: "dusk" });
    const theme = (await answerOf(sounds)).theme;
    expect(theme?.selection).toEqual({ boardStyleId: "blue", pieceSetId: "staunton", soundSetId: "arcade", backgroundId: "dusk" });
    expect(theme?.soundSet.sounds.capture.ogg).toBe("/sounds/arcade/capture.ogg");
    expect(await storedThemeOf("alice")).toMatchObject({ boardStyleId: "blue", pieceSetId: "staunton", soundSetId: "arcade", backgroundId: "dusk" });

    const german = await alice.request("GET", themePaths.active, { headers: { "accept-language": "de" } });
    expect((await answerOf(german)).theme?.boardStyle.name).toBe("Blau");
    // Another member still has the default.
    expect((await activeThemeOf(await as("bob"))).selection.boardStyleId).toBe("green");
  });

  it("takes a plain form post and goes back to the page it came from", async () => {
    const carla = await as("carla");
    await carla.ensureCsrf();
    const response = await carla.postForm(themePaths.select, { boardStyleId: "walnut", pieceSetId: "pixel", soundSetId: "marimba", backgroundId: "felt", redirectUrl: "/settings/themes" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/settings/themes");
    expect(await storedThemeOf("carla")).toMatchObject({ boardStyleId: "walnut", pieceSetId: "pixel", soundSetId: "marimba", backgroundId: "felt" });
  });

  it("refuses unknown ids, an empty change, a visitor, a guest, a missing CSRF token and another member's theme, and changes nothing", async () => {
    const moderator = await as("moderator");
    expect((await moderator.post(themePaths.select, { pieceSetId: "outline" })).status).toBe(200);
    const before = await storedThemeOf("moderator");

    const unknown = await moderator.post(themePaths.select, { boardStyleId: "plaid", pieceSetId: "neo" });
    expect(unknown.status).toBe(422);
    const refusal = await answerOf(unknown);
    expect(refusal.code).toBe("theme_unknown");
    expect(Object.keys(refusal.fields ?? {})).toEqual(["boardStyleId"]);
    expect((await answerOf(await moderator.post(themePaths.select, { soundSetId: "../default" }))).code).toBe("theme_unknown");
    expect((await answerOf(await moderator.post(themePaths.select, { backgroundId: 7 }))).code).toBe("theme_unknown");
    const empty = await moderator.post(themePaths.select, {});
    expect(empty.status).toBe(422);
    expect((await answerOf(empty)).code).toBe("theme_empty");

    const noToken = await moderator.request("POST", themePaths.select, { json: { boardStyleId: "ice" }, csrf: false });
    expect(noToken.status).toBe(403);
    expect((await answerOf(noToken)).code).toBe("csrf_token_invalid");
    expect(await storedThemeOf("moderator")).toEqual(before);

    const visitor = anonymous();
    const signedOut = await visitor.post(themePaths.select, { boardStyleId: "ice" });
    expect(signedOut.status).toBe(401);

    const [guestName] = await membersWithPassword(db(), levels.guest, 1);
    const guest = await as(guestName ?? "");
    const asGuest = await guest.post(themePaths.select, { boardStyleId: "ice" });
    expect(asGuest.status).toBe(403);
    expect((await answerOf(asGuest)).code).toBe("guest");
    expect(await storedThemeOf(guestName ?? "")).toBeNull();
    expect((await activeThemeOf(guest)).selection.boardStyleId).toBe("green");

    const [alice] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, "alice"));
    const someoneElse = await moderator.get(`${themePaths.active}?userId=${alice?.id ?? 0}`);
    expect(someoneElse.status).toBe(403);
    expect((await answerOf(someoneElse)).code).toBe("not_yours");
    expect((await moderator.get(`${themePaths.active}?platform=IOS`)).status).toBe(422);
  });

  it("serves each theme's stylesheet with its colours, pieces, sound set and background, cached by everyone, and no other", async () => {
    const alice = await as("alice");
    await alice.post(themePaths.select, { boardStyleId: "coral", pieceSetId: "letters", soundSetId: "marimba", backgroundId: "sea" });
    const { stylesheetUrl } = await activeThemeOf(alice);
    const response = await anonymous().get(stylesheetUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/css/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.getSetCookie()).toEqual([]);
    const css = await response.text();
    expect(css).toContain("--ks-board-light:#f4e2d8");
    expect(css).toContain("--ks-board-dark:#d2826c");
    expect(css).toContain('--ks-sound-set:"marimba"');
    expect(css).toContain("--ks-piece-wn:url(/pieces/letters/wn.svg)");
    expect(css).toContain(".cg-wrap piece.knight.white{background-image:var(--ks-piece-wn)}");
    expect(css).toMatch(/body\{background-image:linear-gradient/);
    expect(css).not.toContain("/pieces/neo/");
    expect(css.length).toBeLessThan(3000);

    expect((await anonymous().get("/pub/themes/green/neo/default/plain.css?v=old")).headers.get("cache-control")).not.toContain("immutable");
    expect((await anonymous().get("/pub/themes/plaid/neo/default/plain.css")).status).toBe(404);
    expect((await anonymous().get("/pub/themes/green/cburnett/default/plain.css")).status).toBe(404);
    const boardImage = await anonymous().get("/pub/themes/boards/coral.svg");
    expect(boardImage.headers.get("content-type")).toBe("image/svg+xml");
    expect(await boardImage.text()).toContain('fill="#d2826c"');
  });

  it("links only the viewer's theme stylesheet on every page, from the first byte, and no piece set of chessground's", async () => {
    const bob = await as("bob");
    await bob.post(themePaths.select, { boardStyleId: "night", pieceSetId: "geometric" });
    const bobTheme = await activeThemeOf(bob);
    for (const path of ["/", "/home", "/live", "/settings/themes"]) {
      const { theme, all } = stylesheetsOf(await bob.html(path));
      expect(theme, path).toEqual([bobTheme.stylesheetUrl]);
      expect(all.filter((href) => href.startsWith("/pub/themes/")), path).toEqual([bobTheme.stylesheetUrl]);
    }
    const visitorPage = stylesheetsOf(await anonymous().html("/live"));
    expect(visitorPage.theme).toHaveLength(1);
    expect(visitorPage.theme[0]).toMatch(/^\/pub\/themes\/green\/neo\/default\/plain\.css\?v=/);
  });

  it("shows the pickers to a member with their choice checked, and sends a visitor to sign in", async () => {
    const bob = await as("bob");
    await bob.post(themePaths.select, { pieceSetId: "pixel" });
    const html = await bob.html("/settings/themes");
    const checked = (html.match(/<input[^>]*name="pieceSetId"[^>]*>/g) ?? []).filter((tag) => tag.includes("checked"));
    expect(checked).toEqual([expect.stringContaining('value="pixel"')]);
    expect(html).toContain('action="/callback/themes/select"');
    const visitor = await anonymous().get("/settings/themes");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("login");
  });
});
