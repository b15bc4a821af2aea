import { describe, expect, it } from "vitest";
import { archiveSearch, parseArchiveQuery, validDate } from "./archive-filters.ts";

describe("the archive's query string", () => {
  it("reads known filters and drops the rest", () => {
    const state = parseArchiveQuery(new URLSearchParams("type=blitz&rules=chess960&result=win&opponent=Bob_1&from=2026-01-01&to=2026-02-30&view=list&page=3"));
    expect(state).toEqual({ type: "blitz", rules: "chess960", result: "win", opponent: "Bob_1", from: "2026-01-01", to: null, page: 3, view: "list" });
    expect(parseArchiveQuery(new URLSearchParams("type=classical&result=maybe&opponent=a&page=-2&view=cards"))).toEqual({ type: null, rules: null, result: null, opponent: null, from: null, to: null, page: 1, view: null });
    expect(parseArchiveQuery(new URLSearchParams("page=1001")).page).toBe(1);
  });

  it("writes back only what is set, page 1 left out", () => {
    expect(archiveSearch({ type: "daily", opponent: "bob", page: 1 })).toBe("?type=daily&opponent=bob");
    expect(archiveSearch({ page: 2, view: "grid" })).toBe("?view=grid&page=2");
    expect(archiveSearch({})).toBe("");
  });

  it("accepts real calendar dates only", () => {
    expect(validDate("2024-02-29")).toBe("2024-02-29");
    expect(validDate("2025-02-29")).toBeNull();
    expect(validDate("2025-13-01")).toBeNull();
    expect(validDate("1999-12-31")).toBeNull();
    expect(validDate("yesterday")).toBeNull();
  });
});
