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
    // A player is away from a game while they have no connection at all (decision 0017): since presence last saw them.
    playActivity.useAway((_gameId, memberId) => presence.awayForMs(memberId));
    playActivity.usePresence({ onlineAmong: (memberIds) => presence.onlineAmong(memberIds) });
    return {};
  },
});
