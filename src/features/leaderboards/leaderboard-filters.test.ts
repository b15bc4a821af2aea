import { describe, expect, it } from "vitest";
import { boards } from "./leaderboard-boards.ts";
import { leaderboardSearch, parseLeaderboardQuery } from "./leaderboard-filters.ts";

const parse = (search: string, board: (typeof boards)[keyof typeof boards] = boards.blitz) => parseLeaderboardQuery(new URLSearchParams(search), board);

describe("leaderboard filters", () => {
  it("reads each filter of spec 001 §2.1 and the page", () => {
    expect(parse("")).toEqual({ ok: true, query: { filter: { kind: "global" }, rushTime: null, page: 1 } });
    expect(parse("verified=1")).toMatchObject({ ok: true, query: { filter: { kind: "verified" } } });
    expect(parse("friendsOnly=1&page=3")).toEqual({ ok: true, query: { filter: { kind: "friends" }, rushTime: null, page: 3 } });
    expect(parse("group=42")).toMatchObject({ ok: true, query: { filter: { kind: "group", clubId: 42 } } });
    expect(parse("country=NO")).toMatchObject({ ok: true, query: { filter: { kind: "country", code: "NO" } } });
    expect(parse("page=2000")).toMatchObject({ ok: true, query: { page: 2000 } });
  });

  it("reads puzzle rush's time windows, alone or with friends, defaulting to all time", () => {
    expect(parse("", boards.puzzle_rush)).toMatchObject({ ok: true, query: { rushTime: "all_time" } });
    expect(parse("type=day", boards.puzzle_rush)).toMatchObject({ ok: true, query: { rushTime: "day", filter: { kind: "global" } } });
    expect(parse("type=hour&friendsOnly=1", boards.puzzle_rush)).toMatchObject({ ok: true, query: { rushTime: "hour", filter: { kind: "friends" } } });
  });

  it("refuses malformed and unknown values with their reason instead of widening the board", () => {
    expect(parse("page=0")).toEqual({ ok: false, problem: "page" });
    expect(parse("page=-1")).toEqual({ ok: false, problem: "page" });
    expect(parse("page=2x")).toEqual({ ok: false, problem: "page" });
    expect(parse("page=1&page=2")).toEqual({ ok: false, problem: "page" });
    expect(parse("page=2001")).toEqual({ ok: false, problem: "page_too_deep" });
    expect(parse("verified=yes")).toEqual({ ok: false, problem: "verified" });
    expect(parse("friendsOnly=0")).toEqual({ ok: false, problem: "friends" });
    expect(parse("group=abc")).toEqual({ ok: false, problem: "group" });
    expect(parse("group=99999999999")).toEqual({ ok: false, problem: "group" });
    expect(parse("country=no")).toEqual({ ok: false, problem: "country" });
    expect(parse("country=QQ")).toEqual({ ok: false, problem: "country" });
    expect(parse("type=week", boards.puzzle_rush)).toEqual({ ok: false, problem: "rush_time" });
    expect(parse("type=day")).toEqual({ ok: false, problem: "rush_only" });
    expect(parse("country=NO&friendsOnly=1")).toEqual({ ok: false, problem: "one_filter" });
  });

  it("never offers friends on club match and vote chess boards", () => {
    expect(parse("friendsOnly=1", boards.club_matches)).toEqual({ ok: false, problem: "friends_not_here" });
    expect(parse("friendsOnly=1", boards.votechess)).toEqual({ ok: false, problem: "friends_not_here" });
  });

  it("writes the query back, leaving page 1 and the default rush window out", () => {
    expect(leaderboardSearch({ filter: { kind: "global" }, page: 1 })).toBe("");
    expect(leaderboardSearch({ filter: { kind: "country", code: "NO" }, page: 2 })).toBe("?country=NO&page=2");
    expect(leaderboardSearch({ filter: { kind: "friends" }, rushTime: "day" })).toBe("?friendsOnly=1&type=day");
    expect(leaderboardSearch({ filter: { kind: "group", clubId: 7 }, rushTime: "all_time" })).toBe("?group=7");
    for (const search of ["verified=1", "friendsOnly=1&page=4", "group=9", "country=DE&page=2"]) {
      const parsed = parse(search);
      if (!parsed.ok) throw new Error(search);
      expect(leaderboardSearch(parsed.query)).toBe(`?${search}`);
    }
  });
});
