import { describe, expect, it } from "vitest";
import { levels } from "../../accounts/levels.ts";
import { hasPublicProfile, publicPlayerStatus } from "./player-status.ts";

describe("the public status of a member", () => {
  it.each([
    [levels.closed_fair_play, "closed:fair_play_violations"],
    [levels.closed_abuse, "closed:abuse"],
    [levels.closed_voluntarily, "closed"],
    [levels.closed_unspecified, "closed"],
    [levels.basic, "basic"],
    [levels.silver, "premium"],
    [levels.gold, "premium"],
    [levels.platinum, "premium"],
    [levels.diamond, "premium"],
    [60, "premium"],
    [levels.moderator, "mod"],
    [85, "mod"],
    [levels.staff, "staff"],
  ])("level %i is %s", (level, status) => {
    expect(publicPlayerStatus(level, true)).toBe(status);
  });

  it("shows a disabled account as closed, keeping a named closure reason", () => {
    expect(publicPlayerStatus(levels.gold, false)).toBe("closed");
    expect(publicPlayerStatus(levels.staff, false)).toBe("closed");
    expect(publicPlayerStatus(levels.closed_fair_play, false)).toBe("closed:fair_play_violations");
  });

  it("gives guests no public profile", () => {
    expect(hasPublicProfile(levels.guest)).toBe(false);
    expect(hasPublicProfile(3)).toBe(false);
    expect(hasPublicProfile(levels.closed_fair_play)).toBe(true);
    expect(hasPublicProfile(levels.basic)).toBe(true);
  });
});
