import { afterEach, describe, expect, it, vi } from "vitest";
import { configureLinkErrors, generateLink, generatePageLink, LinkGenerationError, safeRedirectPath } from "../platform/links/links.ts";
import type { PageRouteName } from "../platform/links/route-table.ts";

describe("generateLink", () => {
  afterEach(() => configureLinkErrors("throw"));

  it("builds the spec's named routes", () => {
    expect(generateLink("web_security_register", { redirectUrl: "/clubs" })).toBe("/register?redirectUrl=%2Fclubs");
    expect(generateLink("web_security_login_and_go", { redirectUrl: "/home" })).toBe("/login_and_go?redirectUrl=%2Fhome");
    expect(generateLink("web_search", { q: "sicilian defence" })).toBe("/search?q=sicilian+defence");
    expect(generateLink("web_2fa_login")).toBe("/2fa");
    expect(generateLink("web_member_profile", { username: "Hikaru" })).toBe("/member/hikaru");
    expect(generateLink("web_games_archive", { username: "Alice", opponent: "BOB" })).toBe("/games/archive/alice?opponent=bob");
    expect(generateLink("web_stats_daily", { username: "Alice", type: "chess960" })).toBe("/stats/daily/chess960/alice");
    expect(generateLink("web_stats_live", { username: "alice", type: "bullet", days: 30 })).toBe("/stats/live/bullet/alice/30");
    expect(generateLink("web_stats_tactics", { username: "alice" }, { anchor: "rush" })).toBe("/stats/puzzles/alice#rush");
    expect(generateLink("web_user_settings", {}, { anchor: "flair" })).toBe("/settings#flair");
    expect(generateLink("web_league_division", { league: "wood", division: "abc123" })).toBe("/leagues/wood/abc123");
    expect(generateLink("web_play_new", { opponent: "Carla" })).toBe("/play/online/new?opponent=carla");
    expect(generateLink("web_game", { id: 42 })).toBe("/game/42");
    expect(generateLink("web_puzzle_battle", { shortUuid: "a1b2" })).toBe("/puzzles/battle/a1b2");
    expect(generateLink("web_verification_index", { redirect: "/home" })).toBe("/verification?redirect=%2Fhome");
  });

  it("gives membership its campaign parameters", () => {
    expect(generateLink("web_membership", { c: "icon" })).toBe("/membership?c=icon");
    expect(generateLink("web_membership", { c: "banner", b: "spring" })).toBe("/membership?c=banner&b=spring");
  });

  it("drops trailing defaults and keeps slashes in multi-segment values", () => {
    expect(generateLink("web_stats_daily", { type: "chess", username: "a", days: 90 })).toBe("/stats/daily/chess/a");
    expect(generateLink("web_leaderboard_daily")).toBe("/leaderboard/daily");
    expect(generateLink("web_blog_post", { url: "2026/11/my post" })).toBe("/blog/2026/11/my%20post");
    expect(generateLink("web_club_leaderboard_live_matches", { url: "london/kings" })).toBe("/club/leaderboard/london/kings/live-matches");
  });

  it("keeps a defaulted parameter when a later one is given", () => {
    expect(generateLink("web_stats_daily", { username: "a", days: 7 })).toBe("/stats/daily/chess/a/7");
  });

  it("prefixes a non-English locale", () => {
    expect(generateLink("web_clubs", {}, { locale: "es" })).toBe("/es/clubs");
    expect(generateLink("web_root", {}, { locale: "de" })).toBe("/de");
    expect(generateLink("web_clubs", {}, { locale: "en" })).toBe("/clubs");
  });

  it("throws in tests for an unknown route or a missing parameter (which the type check refuses first)", () => {
    // @ts-expect-error -- a misspelt route name is not a route name
    expect(() => generateLink("web_nowhere", {})).toThrow('The route "web_nowhere" does not exist.');
    // @ts-expect-error -- the member page needs its username
    expect(() => generateLink("web_member_profile")).toThrow('requires the parameter "username"');
    expect(() => generateLink("web_game", { id: "abc" })).toThrow(LinkGenerationError);
  });

  it("reports and falls back to / in the running site", () => {
    const reporter = vi.fn();
    configureLinkErrors("report", reporter);
    expect(generatePageLink("web_nowhere" as PageRouteName)).toBe("/");
    expect(generatePageLink("web_member_profile")).toBe("/");
    expect(reporter).toHaveBeenCalledTimes(2);
    expect(String(reporter.mock.calls[0]?.[0])).toContain("does not exist");
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/clubs", "/clubs"],
    ["/clubs?x=1#a", "/clubs?x=1#a"],
    ["/a/../clubs", "/clubs"],
    ["/clubs/%2e%2e/home", "/home"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["https://evil.example/", null],
    ["//evil.example/path", null],
    ["/\\evil.example", null],
    ["\\\\evil.example", null],
    ["/x\\..\\..\\/evil.example", null],
    ["/.//evil.example", null],
    ["/./\\evil.example", null],
    ["/%2e%2e//x", null],
    ["/%2E//evil.example", null],
    ["/a/..//evil.example", null],
    ["/a/%2e%2e//evil.example", null],
    ["/.%2e//evil.example", null],
    ["/\t/evil.example", null],
    ["/\n/evil.example", null],
    ["/\r\n/evil.example", null],
    ["/ /evil.example", "/%20/evil.example"],
    ["javascript:alert(1)", null],
    ["clubs", null],
    ["/\u0000x", null],
    ["", null],
    [42, null],
  ])("%j -> %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each(["/.//evil.example", "/%2e%2e//x", "/a/..//b", "/clubs", "/a/./b/../c?d#e"])("returns only paths that resolve back to this site: %s", (input) => {
    const path = safeRedirectPath(input);
    if (path === null) return;
    const asBrowserReadsIt = new URL(path, "https://kingside.test/some/page");
    expect(asBrowserReadsIt.host).toBe("kingside.test");
    expect(safeRedirectPath(path)).toBe(path);
  });
});
