import type { PublicOrigins, PublicPlayer, PublicPlayerClubs } from "./public-api.schema.ts";
import type { PublicMemberClub, PublicPlayerRecord } from "./public-api.service.server.ts";
import { publicPlayerStatus } from "./player-status.ts";
import { countryApiUrl } from "./public-country.ts";

/** An avatar or a club icon as an absolute URL: http(s) URLs as stored, site paths (uploads) on the main host; anything else is left out. */
export function absoluteImageUrl(avatarUrl: string | null, origins: PublicOrigins): string | undefined {
  if (!avatarUrl) return undefined;
  if (/^https?:\/\/[^/\s]+/i.test(avatarUrl)) return avatarUrl;
  if (avatarUrl.startsWith("/") && !avatarUrl.startsWith("//")) return `${origins.site}${avatarUrl}`;
  return undefined;
}

function fullName(firstName: string | null, lastName: string | null): string | undefined {
  const name = [firstName, lastName]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join(" ");
  return name === "" ? undefined : name;
}

/** The API URL of a player resource. */
export function playerApiUrl(origins: PublicOrigins, username: string): string {
  return `${origins.api}/player/${encodeURIComponent(username.toLowerCase())}`;
}

/**
 * The player as the API shows it. Keys come in a fixed order and optional
 * fields are left out rather than null, so the same member gives the same
 * bytes (and the same ETag) every time.
 */
export function presentPublicPlayer(player: PublicPlayerRecord, origins: PublicOrigins): PublicPlayer {
  const name = fullName(player.firstName, player.lastName);
  const avatar = absoluteImageUrl(player.avatarUrl, origins);
  return {
    "@id": playerApiUrl(origins, player.username),
    url: `${origins.site}/member/${encodeURIComponent(player.username)}`,
    username: player.username,
    player_id: player.id,
    ...(player.chessTitle ? { title: player.chessTitle } : {}),
    status: publicPlayerStatus(player.membershipLevel, player.isEnabled),
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
    country: countryApiUrl(origins, player.countryCode),
    joined: player.joinedAt,
    last_online: player.lastOnlineAt,
    followers: player.followers,
    is_streamer: player.isStreamer,
    verified: false,
  };
}

/** A player's clubs, each with its API id, page and dates in Unix seconds. */
export function presentPublicPlayerClubs(clubs: readonly PublicMemberClub[], origins: PublicOrigins): PublicPlayerClubs {
  return {
    clubs: clubs.map((club) => {
      const icon = absoluteImageUrl(club.avatarUrl, origins);
      return {
        "@id": `${origins.api}/club/${club.url}`,
        name: club.name,
        url: `${origins.site}/club/${club.url}`,
        ...(icon ? { icon } : {}),
        joined: Math.floor(club.joinedAt.getTime() / 1000),
        last_activity: Math.floor(club.lastActivityAt.getTime() / 1000),
      };
    }),
  };
}
