import { describe, expect, it } from "vitest";
import { compensatedLagMs } from "./play.commands.server.ts";

describe("the lag a move is compensated for", () => {
  it("is the server's measure, whatever the client claims above it", () => {
    expect(compensatedLagMs(80, undefined)).toBe(80);
    expect(compensatedLagMs(80, 5_000)).toBe(80);
  });

  it("may be lowered by the client's own figure", () => {
    expect(compensatedLagMs(80, 30)).toBe(30);
  });

  it("is none before the server has measured the socket", () => {
    expect(compensatedLagMs(undefined, 5_000)).toBe(0);
  });
});
