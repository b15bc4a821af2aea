/**
 * Connects online play to presence (issue 9 item 6): presence reads which
 * live games members are playing from play's service, and play tells
 * presence, after each commit, whose games started or ended, so the card,
 * the profile and the presence button show "playing" with the Watch link on
 * every instance; play asks presence how long a player has been away, for
 * the claim of victory or a draw, and who is online, so that a live seek
 * lasts only while its member is (even when the instance holding their socket
 * died). Neither feature imports the other; this definition, in the
 * composition root, is where they meet.
 */
import type { PresenceGame } from "../features/presence/presence.schema.ts";
import { defineFeature, serviceFrom, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const playPresenceBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "play-presence",
  tables: {},
  messageCatalogs: [],
  createServices(_deps, earlier) {
    const presence = serviceFrom(earlier, "presence", "play-presence").service;
    const liveGames = serviceFrom(earlier, "liveGames", "play-presence");
    presence.usePlayingGames({
      async gamesOf(memberIds) {
        const byMember = await liveGames.liveGamesOf(memberIds);
        return new Map([...byMember].map(([memberId, gameIds]) => [memberId, gameIds.map((id) => ({ source: "live" as const, id: String(id), numericId: id }))]));
      },
    });
    const playActivity = serviceFrom(earlier, "playActivity", "play-presence");
    playActivity.listen({ playersChanged: (memberIds) => void presence.playingChanged(memberIds) });
    // A player is away from a game while no connection of theirs is in its room (decision 0044), whatever else they have open.
    const liveGame = (gameId: number): PresenceGame => ({ source: "live", id: String(gameId), numericId: gameId });
    playActivity.useAttendance({
      async declare(memberId, socketId, gameIds) {
        await presence.setActivity(memberId, socketId, gameIds.length === 0 ? { activity: "none" } : { activity: "playing", context: { games: gameIds.map(liveGame), battles: [] } });
      },
      awayFromGameMs: (memberId, gameId, unrecordedSince) => presence.awayFromGameMs(memberId, liveGame(gameId), unrecordedSince),
    });
    playActivity.usePresence({ onlineAmong: (memberIds) => presence.onlineAmong(memberIds) });
    return {};
  },
});
