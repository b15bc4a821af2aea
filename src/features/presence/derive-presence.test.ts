import { describe, expect, it } from "vitest";
import { derivePresence, unknownPresence } from "./derive-presence.ts";
import type { Presence } from "./presence.schema.ts";

const base: Presence = {
  id: 7,
  status: "online",
  statusAt: "2026-05-01T12:00:00.000Z",
  statusAtUncertain: false,
  activity: "none",
  activityContext: { games: [], battles: [] },
  streaming: false,
};

const playing = (activityContext: Presence["activityContext"]): Presence => ({ ...base, activity: "playing", activityContext });

describe("derivePresence", () => {
  it("shows nothing for a presence that did not load (null) or is not there yet", () => {
    expect(derivePresence(null)).toEqual(unknownPresence);
    expect(derivePresence(undefined)).toEqual(unknownPresence);
  });

  it("is online without links when online and doing nothing", () => {
    expect(derivePresence(base)).toEqual({ isOnline: true, isPlaying: false, offlineSince: null, gameLink: null, eventLink: null, battleLink: null });
  });

  it("gives the last-seen time of an offline member, and never playing", () => {
    const offline = derivePresence({ ...base, status: "offline", statusAt: "2026-04-30T08:15:00.000Z", activity: "playing", activityContext: { games: [{ source: "live", id: "5", numericId: 5 }], battles: [] } });
    expect(offline).toEqual({ isOnline: false, isPlaying: false, offlineSince: new Date("2026-04-30T08:15:00.000Z"), gameLink: null, eventLink: null, battleLink: null });
  });

  it.each([
    ["live", { source: "live", id: "123", numericId: 123 }, "/game/live/123", null],
    ["daily", { source: "daily", id: "456", numericId: 456 }, "/game/456", null],
    ["arena", { source: "arena", id: "sunday-blitz-arena", numericId: 789 }, "/game/live/789", "/play/arena/sunday-blitz-arena"],
    ["tournament", { source: "tournament", id: "1042", numericId: 790 }, "/game/live/790", "/play/tournament/1042"],
  ] as const)("links a %s game to its page and its event", (_, game, gameLink, eventLink) => {
    expect(derivePresence(playing({ games: [game], battles: [] }))).toMatchObject({ isOnline: true, isPlaying: true, gameLink, eventLink, battleLink: null });
  });

  it("links the first game, the event of any game, and the first battle", () => {
    const derived = derivePresence(
      playing({
        games: [
          { source: "daily", id: "1", numericId: 1 },
          { source: "arena", id: "friday", numericId: 2 },
        ],
        battles: [{ id: "xK9p" }, { id: "other" }],
      }),
    );
    expect(derived).toMatchObject({ gameLink: "/game/1", eventLink: "/play/arena/friday", battleLink: "/puzzles/battle/xK9p" });
  });

  it("is playing in a battle without a game", () => {
    expect(derivePresence(playing({ games: [], battles: [{ id: "b-1" }] }))).toMatchObject({ isPlaying: true, gameLink: null, battleLink: "/puzzles/battle/b-1" });
  });

  it("prefixes links with a non-English locale", () => {
    expect(derivePresence(playing({ games: [{ source: "live", id: "3", numericId: 3 }], battles: [] }), { locale: "de" }).gameLink).toBe("/de/game/live/3");
    expect(derivePresence(playing({ games: [{ source: "live", id: "3", numericId: 3 }], battles: [] }), { locale: "en" }).gameLink).toBe("/game/live/3");
  });
});
