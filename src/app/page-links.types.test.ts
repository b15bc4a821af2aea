import { describe, expect, it } from "vitest";
import { generateLink, type LinkGenerator, type ParameterlessPageRouteName, type RequiredLinkParamNames } from "../platform/links/links.ts";
import type { PageRouteName } from "../platform/links/route-table.ts";
import { appPageRoutes } from "./pages.ts";

/**
 * Route names and required path parameters are checked by the type checker
 * (`npx tsc --noEmit` reads this file): each `@ts-expect-error` line fails the
 * type check if the call it marks ever becomes acceptable. The expectations
 * below run too, so the file also proves the accepted calls' paths.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <Check extends true>(check: Check): Check => check;

describe("typed route names and parameters", () => {
  it("refuses a misspelt route name", () => {
    const link: LinkGenerator = generateLink;
    // @ts-expect-error -- "web_memberprofile" is not in the route table
    expect(() => link("web_memberprofile", { username: "alice" })).toThrow("does not exist");
    // @ts-expect-error -- route names are case-sensitive
    expect(() => link("WEB_HOME")).toThrow("does not exist");
    const typed: PageRouteName = "web_member_profile";
    expect(link(typed, { username: "Alice" })).toBe("/member/alice");
  });

  it("refuses a link that leaves out a required path parameter", () => {
    // @ts-expect-error -- /game/{id} needs its id
    expect(() => generateLink("web_game", {})).toThrow('requires the parameter "id"');
    // @ts-expect-error -- /leagues/{league}/{division} needs both
    expect(() => generateLink("web_league_division", { league: "wood" })).toThrow('requires the parameter "division"');
    // @ts-expect-error -- an empty value is no path parameter
    expect(() => generateLink("web_game", { id: null })).toThrow('requires the parameter "id"');
  });

  it("accepts optional and defaulted parameters left out, and query parameters beside them", () => {
    expect(generateLink("web_games_archive", {})).toBe("/games/archive");
    expect(generateLink("web_stats_live", { username: "bob" })).toBe("/stats/live/blitz/bob");
    expect(generateLink("web_search", { q: "carla", page: 2 })).toBe("/search?q=carla&page=2");
    expect(generateLink("web_member_profile", { username: "bob", done: "saved" }, { anchor: "x" })).toBe("/member/bob?done=saved#x");
  });

  it("derives the required parameters from the table's paths, optional lists and defaults", () => {
    expect(typeIs<Equal<RequiredLinkParamNames<"web_league_division">, "league" | "division">>(true)).toBe(true);
    expect(typeIs<Equal<RequiredLinkParamNames<"web_stats_live">, never>>(true)).toBe(true);
    expect(typeIs<Equal<RequiredLinkParamNames<"web_club_join">, "url">>(true)).toBe(true);
    expect(typeIs<Equal<RequiredLinkParamNames<"web_home">, never>>(true)).toBe(true);
    const parameterless: ParameterlessPageRouteName[] = ["web_home", "web_clubs", "web_games_archive"];
    // @ts-expect-error -- the member page has a parameter
    const withParameter: ParameterlessPageRouteName = "web_member_profile";
    expect([...parameterless, withParameter].every((name) => appPageRoutes.some((route) => route.name === name))).toBe(true);
  });
});
