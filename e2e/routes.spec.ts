import { expect, test } from "@playwright/test";
import { watchPage } from "./site-health.ts";

/** Routes a visitor can open, with the heading each shows (English, Spanish). */
const routes: [path: string, english: RegExp, spanish: RegExp][] = [
  ["/", /Play chess with the world/, /Juega al ajedrez|ajedrez/i],
    ["/home", /Play chess with the world/, /ajedrez/i],
  ["/register", /Sign up/, /Registr/i],
  ["/login_and_go", /Log in to continue/, /Inicia sesi[oó]n|Iniciar sesi[oó]n/i],
  ["/tournament/demo-blitz-arena", /^Demo Blitz Arena$/, /^Demo Blitz Arena$/],
  ["/tournaments", /^Tournaments$/, /^Torneos$/],
  ["/search?q=caro", /Search/, /Buscar|B[uú]squeda/i],
  ["/clubs/search?q=kings", /Search clubs/, /Buscar clubes|clubes/i],
  ["/about", /About Kingside/, /Kingside/],
  ["/membership?c=icon", /Membership/, /Membres[ií]a|Suscripci[oó]n/i],
  ["/legal/community", /Community policies/, /comunidad|comunitarias/i],
  ["/live", /Live games/, /en vivo|en directo/i],
  ["/verified", /Verified players/, /verificados/i],
  ["/blog/2026/11/opening-prep", /Blog post/, /blog/i],
  ["/article/view/ukraine", /Article/, /Art[ií]culo/i],
  ["/tournament/live/arena/demo-blitz-arena", /^Demo Blitz Arena$/, /^Demo Blitz Arena$/],
  ["/tournament/live/demo-rapid-swiss", /^Demo Rapid Swiss$/, /^Demo Rapid Swiss$/],
  ["/members/gifters", /Membership gifters/, /Donantes|regal/i],
  ["/games/archive/alice", /alice/, /Partidas de alice/i],
  ["/play/online/new", /Play online/, /Jugar en l[ií]nea/i],
  ["/puzzles/battle/ab12cd", /Puzzle battle/, /Batalla/i],
  ["/leagues/wood/division1", /League division/, /Divisi[oó]n/i],
  ["/stats/daily/chess960/alice/30", /^alice: Daily Chess960$/, /^alice: /],
  ["/stats/live/blitz/alice/7", /^alice: Blitz$/, /^alice: /],
  ["/stats/puzzles/alice", /alice’s puzzle statistics/, /Estad[ií]sticas de problemas de alice/],
  ["/clubs", /Clubs/, /Clubes/i],
  ["/clubs/find", /Find a club/, /club/i],
  ["/clubs/matches/daily/current", /Daily club matches/, /club/i],
  ["/club/leaderboard/kingside-knights/live-matches", /^Kingside Knights: live team match leaderboard$/, /^Kingside Knights: /],
  // The spec's live-match address leads to the match's page (the demo's running match is the fourth).
  ["/club/matches/live/kingside-knights/4", /^Kingside Knights vs Madrid Masters: winter league$/, /^Kingside Knights vs Madrid Masters: winter league$/],
  ["/leaderboard/daily/chess960", /Daily Chess960 leaderboard/, /Clasificaci[oó]n de/],
  ["/leaderboard/clubs/votechess", /Vote chess leaderboard/, /Clasificaci[oó]n de Ajedrez por votaci[oó]n/],
  ["/member/alice", /alice/, /alice/],
];

for (const [path, english, spanish] of routes) {
  test(`opens ${path} in English and Spanish`, async ({ page }) => {
    const health = watchPage(page);
    // The demo's arenas and Swisses are written by the tournaments' demo job just after the start, not by the seed.
    if (path.startsWith("/tournament/")) await expect.poll(async () => (await page.request.get(path)).status(), { timeout: 60_000 }).toBe(200);
    const englishResponse = await page.goto(path);
    expect(englishResponse?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english);
    await expect(page.locator("nav#sb")).toBeVisible();

    const spanishPath = path === "/" ? "/es" : `/es${path}`;
    const spanishResponse = await page.goto(spanishPath);
    expect(spanishResponse?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(spanish);
    health.expectHealthy();
  });
}

test("a URL that breaks a route rule gets the localized 404 page", async ({ page }) => {
  const health = watchPage(page, { allowStatus: (_url, status) => status === 404 });
  for (const [path, lang, heading] of [
    ["/members/enable/abc", "en", /Page not found/],
    ["/stats/daily/chess/alice/12", "en", /Page not found/],
    ["/es/leagues/wood/abc", "es", /no encontrada|no existe/i],
    ["/de/nowhere", "de", /nicht gefunden/i],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  health.expectHealthy();
});

test("pages are server-rendered: the heading is there without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/clubs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Clubes/);
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 2, name: "Newest members" })).toBeVisible();
  await context.close();
});
