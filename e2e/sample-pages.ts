import { generateLink, generatePageLink } from "../src/platform/links/links.ts";
import { compiledPageRoutes } from "../src/platform/links/route-patterns.ts";
import { installAppPages } from "../src/app/pages.server.ts";
import type { PageRouteName } from "../src/platform/links/route-table.ts";

installAppPages();

/**
 * One sample URL for every page of the route table (the features' pages, src/app/pages.ts),
 * for the sweeps that must cover every page (widths, accessibility). A page
 * added to the table is swept without touching the tests.
 */

/**
 * The first demo game: the seed plays its finished games first, from id 1000
 * (src/server/seed/demo-games.server.ts). The sweeps check that it shows a result.
 */
export const FINISHED_GAME_ID = 1000;

/** Values for each route parameter the table names; those with a default, and optional ones without a sample, are left out. */
const sampleValues: Readonly<Record<string, string>> = {
  username: "alice",
  url: "kings",
  id: "1",
  match: "55",
  league: "wood",
  division: "division1",
  shortUuid: "ab12cd",
  secret: "s3cret",
  // The shape of an emailed link's token (43 characters); never issued, so the page shows its "link no longer valid" state.
  token: "SampleLinkTokenForTheSweeps_NeverIssued0000",
};

/** Routes whose `id` names something the demo data has. */
const idsByRoute: Readonly<Record<string, string>> = {
  web_game: String(FINISHED_GAME_ID),
  web_game_live: String(FINISHED_GAME_ID),
};

export interface SamplePage {
  readonly route: PageRouteName;
  readonly path: string;
}

/** Every page route with one URL each, in the table's order. */
export function routeTableSamples(): SamplePage[] {
  return compiledPageRoutes().map((route) => {
    const params: Record<string, string> = {};
    for (const token of route.tokens) {
      if (token.kind !== "param" || route.definition.defaults?.[token.value] !== undefined) continue;
      const value = token.value === "id" ? (idsByRoute[route.name] ?? sampleValues.id) : sampleValues[token.value];
      if (value === undefined && token.optional) continue;
      if (value === undefined) throw new Error(`no sample value for {${token.value}} of ${route.name}`);
      params[token.value] = value;
    }
    return { route: route.name, path: generatePageLink(route.name, params) };
  });
}

/** Pages a signed-in member sees differently (their own profile, settings, notifications, the lobby) — swept signed in too. */
export const memberSamplePaths: readonly string[] = [
  generateLink("web_home"),
  generateLink("web_member_profile", { username: "alice" }),
  generateLink("web_member_profile", { username: "carla" }),
  generateLink("web_user_settings"),
  generateLink("web_notifications"),
  generateLink("web_play_new"),
  generateLink("web_game_live", { id: FINISHED_GAME_ID }),
  generateLink("web_games_archive", { username: "alice" }),
  generateLink("web_live"),
  generateLink("web_clubs"),
];
