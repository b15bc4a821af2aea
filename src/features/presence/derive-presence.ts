/**
 * What the tagline, the user card and the profile show from a presence (spec
 * 001 §3.3, §4.3): the green dot (online), the red dot and the Watch button
 * (playing), the last-online time (offline). Isomorphic and pure.
 */
import { generateLink, type LinkOptions } from "../../platform/links/links.ts";
import type { Presence, PresenceGame } from "./presence.schema.ts";

export interface DerivedPresence {
  readonly isOnline: boolean;
  readonly isPlaying: boolean;
  /** The last-seen moment of an offline member; null otherwise. */
  readonly offlineSince: Date | null;
  /** The game a playing member is in (the Watch button). */
  readonly gameLink: string | null;
  /** The arena or tournament that game belongs to. */
  readonly eventLink: string | null;
  /** The puzzle battle a playing member is in. */
  readonly battleLink: string | null;
}

export const unknownPresence: DerivedPresence = Object.freeze({
  isOnline: false,
  isPlaying: false,
  offlineSince: null,
  gameLink: null,
  eventLink: null,
  battleLink: null,
});

function gameLinkOf(game: PresenceGame, options: LinkOptions): string {
  return game.source === "daily" ? generateLink("web_game", { id: game.numericId }, options) : generateLink("web_game_live", { id: game.numericId }, options);
}

function eventLinkOf(game: PresenceGame, options: LinkOptions): string | null {
  switch (game.source) {
    case "arena":
      return generateLink("web_play_arena", { id: game.id }, options);
    case "tournament":
      return generateLink("web_play_tournament", { id: game.id }, options);
    case "live":
    case "daily":
      return null;
  }
}

/**
 * Derives the display state. A missing presence (not loaded, or the lookup
 * failed: spec 001 §8 "Presence failure: null") shows nothing. Links point at
 * the first game and battle of the context, which the server orders newest
 * first; `options.locale` prefixes them for a non-English page.
 */
export function derivePresence(presence: Presence | null | undefined, options: Pick<LinkOptions, "locale"> = {}): DerivedPresence {
  if (!presence) return unknownPresence;
  const isOnline = presence.status === "online";
  const isPlaying = isOnline && presence.activity === "playing";
  const offlineSince = isOnline ? null : new Date(presence.statusAt);
  if (!isPlaying) return { ...unknownPresence, isOnline, offlineSince };
  const linkOptions: LinkOptions = options.locale ? { locale: options.locale } : {};
  const game = presence.activityContext.games[0];
  const eventGame = presence.activityContext.games.find((candidate) => candidate.source === "arena" || candidate.source === "tournament");
  const battle = presence.activityContext.battles[0];
  return {
    isOnline,
    isPlaying,
    offlineSince,
    gameLink: game ? gameLinkOf(game, linkOptions) : null,
    eventLink: eventGame ? eventLinkOf(eventGame, linkOptions) : null,
    battleLink: battle ? generateLink("web_puzzle_battle", { shortUuid: battle.id }, linkOptions) : null,
  };
}
