import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";
import type { UserRow } from "./accounts.tables.server.ts";
import { anonymousUser, archiveViews, defaultAvatarUrl, homeContentTypes, levelFlags, type CurrentUser } from "./current-user.ts";
import { membershipName } from "./levels.ts";
import { boardOptionsOfRow } from "./board-options/board-options.service.server.ts";
import type { ActiveSession } from "./sessions.service.server.ts";

/** Registered within this long ago: "newly registered". */
const NEWLY_REGISTERED_MS = 7 * 24 * 60 * 60 * 1000;

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** The current user of a live session. On the two-factor step the member is not yet logged in. */
export function presentCurrentUser(session: ActiveSession, roles: readonly string[], features: FeatureFlags, now: Date = new Date()): CurrentUser {
  const user: UserRow = session.user;
  const loggedIn = !session.twoFactorPending;
  const level = user.membershipLevel;
  const name = membershipName(level);
  // Everything not known yet (friends, rating, ...) keeps the anonymous default.
  return {
    ...anonymousUser(features),
    ...levelFlags(level, loggedIn),
    isLoggedIn: loggedIn,
    isMember: loggedIn && level !== 0,
    id: user.id,
    uuid: user.uuid,
    username: user.username,
    isActivated: true,
    isEnabled: user.isEnabled,
    isNewlyRegistered: now.getTime() - user.createdAt.getTime() < NEWLY_REGISTERED_MS,
    membershipLevel: level,
    membership: { code: name, level, name },
    chessTitle: user.chessTitle,
    country: user.countryCode,
    flag: user.countryCode,
    flair: user.flairCode === "nothing" ? null : { code: user.flairCode },
    flairCode: user.flairCode,
    avatarUrl: user.avatarUrl ?? defaultAvatarUrl,
    avatarLargeUrl: user.avatarUrl ?? defaultAvatarUrl,
    settingsAvatarUrl: user.avatarUrl ?? defaultAvatarUrl,
    lastLoginDate: user.lastLoginAt?.toISOString() ?? null,
    registerDate: user.createdAt.toISOString(),
    timezone: user.timezone,
    language: user.language,
    eligibleFirstTrial: level === 10,
    roles,
    archiveView: oneOf(archiveViews, user.archiveView, "grid"),
    homeContentType: oneOf(homeContentTypes, user.homeContentType, "following"),
    fairPlayAgree: user.fairPlayAgree,
    allowFriendRequests: user.allowFriendRequests,
    twoFactorEnabled: user.totpEnabledAt !== null,
    // Guests keep the defaults: only members save options (a guest never has a row).
    boardOptions: loggedIn && level !== 0 ? boardOptionsOfRow(session.boardSettings) : anonymousUser(features).boardOptions,
  };
}
