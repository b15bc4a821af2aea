/**
 * Connects online play to presence (issue 9 item 6): presence reads which
 * live games members are playing from play's service, and hears from play's
 * domain events whose games started or ended, so the card, the profile and
 * the presence button show "playing" with the Watch link on every instance;
 * play asks presence how long a player has been away, for the claim of
 * victory or a draw, and who is online, so that a live seek lasts only while
 * its member is (even when the instance holding their socket died). Neither
 * feature imports the other; this definition, in the composition root, is
 * where they meet: it provides the ports they declared (decision 0045).
 */
import type { PresenceGame } from "../features/presence/presence.schema.ts";
import { gameEndedDomainEvent, gameStartedDomainEvent } from "../features/play/play.domain-events.server.ts";
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";
import { subscribeTo } from "../platform/domain-events/domain-events.server.ts";

const liveGame = (gameId: number): PresenceGame => ({ source: "live", id: String(gameId), numericId: gameId });

export const playPresenceBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "play-presence",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides({ services }) {
    const presence = services.presence.service;
    return {
      playingGames: {
        async gamesOf(memberIds) {
          const byMember = await services.liveGames.liveGamesOf(memberIds);
          return new Map([...byMember].map(([memberId, gameIds]) => [memberId, gameIds.map(liveGame)]));
        },
      },
      // A player is away from a game while no connection of theirs is in its room (decision 0044), whatever else they have open.
      gameAttendance: {
        async declare(memberId, socketId, gameIds) {
          await presence.setActivity(memberId, socketId, gameIds.length === 0 ? { activity: "none" } : { activity: "playing", context: { games: gameIds.map(liveGame), battles: [] } });
        },
        awayFromGameMs: (memberId, gameId, unrecordedSince) => presence.awayFromGameMs(memberId, liveGame(gameId), unrecordedSince),
      },
      playerPresence: { onlineAmong: (memberIds) => presence.onlineAmong(memberIds) },
    };
  },
  // Telling the players' watchers again is harmless, so a repeated delivery needs no record of its event id.
  subscriptions: ({ services }) => [
    subscribeTo(gameStartedDomainEvent, "playing-started", ({ payload }) => services.presence.service.playingChanged(playersOf(payload))),
    subscribeTo(gameEndedDomainEvent, "playing-ended", ({ payload }) => services.presence.service.playingChanged(playersOf(payload))),
  ],
});

/** Every member seated at the game (bughouse's four), or board 0's two for an event written before seats were published. */
function playersOf(game: { readonly whiteId: number; readonly blackId: number; readonly seats?: readonly { readonly memberId: number }[] | undefined }): number[] {
  return game.seats?.map((seat) => seat.memberId) ?? [game.whiteId, game.blackId];
}
