import { describe, expect, it } from "vitest";
import { canonicalPageLocation } from "./canonical-path.ts";

describe("canonicalPageLocation", () => {
  it("moves the spec's trailing locale (document 000 §2) to the leading prefix", () => {
    expect(canonicalPageLocation("/clubs/es")).toBe("/es/clubs");
    expect(canonicalPageLocation("/leaderboard/daily/chess/pt-BR?page=2")).toBe("/pt-BR/leaderboard/daily/chess?page=2");
    expect(canonicalPageLocation("/clubs/es/")).toBe("/es/clubs");
    expect(canonicalPageLocation("/about/fr")).toBe("/fr/about");
  });

  it("leaves a path alone when it is a page as given: a member called es, a canonical prefix", () => {
    expect(canonicalPageLocation("/member/es")).toBeNull();
    expect(canonicalPageLocation("/es/clubs")).toBeNull();
    expect(canonicalPageLocation("/clubs")).toBeNull();
    expect(canonicalPageLocation("/")).toBeNull();
  });

  it("moves nothing that is no page either way, and never stacks two locales", () => {
    expect(canonicalPageLocation("/no-such-page/es")).toBeNull();
    expect(canonicalPageLocation("/es/clubs/fr")).toBeNull();
    expect(canonicalPageLocation("/clubs/xx")).toBeNull();
  });

  it("drops a trailing slash and refuses a target on another host", () => {
    expect(canonicalPageLocation("/clubs/?x=1")).toBe("/clubs?x=1");
    expect(canonicalPageLocation("//evil.example/")).toBe("unsafe");
  });
});
