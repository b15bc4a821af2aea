import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";
import { hasAtLeast, isExactly, isPremiumLevel, membershipName, type LevelName } from "./levels.ts";
import { defaultBoardOptions, type BoardOptions } from "./board-options/board-options.ts";

/**
 * The current user as every page knows it (spec 001 §3.5). Anonymous visitors
 * get the default object; signed-in members get their own fields and flags.
 */
export const archiveViews = ["grid", "list"] as const;
export type ArchiveView = (typeof archiveViews)[number];
export const homeContentTypes = ["following", "my_activity"] as const;
export type HomeContentType = (typeof homeContentTypes)[number];

export interface CurrentUserFlags {
  readonly isStaff: boolean;
  readonly isModerator: boolean;
  readonly isDiamond: boolean;
  readonly isPlatinum: boolean;
  readonly isGold: boolean;
  readonly isSilver: boolean;
  readonly isPremium: boolean;
  readonly isBasic: boolean;
  readonly isGuest: boolean;
}

export interface CurrentUser extends CurrentUserFlags {
  /** A user with an id who is not on the two-factor step (spec 001 §6.1). */
  readonly isLoggedIn: boolean;
  /** Logged in and not a guest. */
  readonly isMember: boolean;
  readonly id: number | null;
  readonly uuid: string | null;
  readonly username: string;
  readonly isActivated: boolean;
  readonly isEnabled: boolean;
  readonly isNewlyRegistered: boolean;
  readonly isImpersonating: boolean;
  readonly isContentHidden: boolean;
  readonly membershipLevel: number;
  readonly membership: { readonly code: LevelName; readonly level: number; readonly name: LevelName };
  readonly chessTitle: string | null;
  readonly country: string;
  readonly flag: string;
  readonly cohort: string | null;
  readonly flair: { readonly code: string } | null;
  readonly flairCode: string;
  readonly avatarUrl: string;
  readonly avatarLargeUrl: string;
  readonly settingsAvatarUrl: string;
  readonly lastLoginDate: string | null;
  readonly registerDate: string | null;
  readonly timezone: string;
  readonly language: string;
  readonly rating: number | null;
  readonly safeMode: boolean;
  readonly eligibleFirstTrial: boolean;
  readonly diagramSettings: Readonly<Record<string, string>>;
  readonly roles: readonly string[];
  readonly archiveView: ArchiveView;
  readonly homeContentType: HomeContentType;
  readonly fairPlayAgree: boolean;
  /** Whether other members may send this member friend requests. */
  readonly allowFriendRequests: boolean;
  readonly twoFactorEnabled: boolean;
  /** What every board obeys, and the site theme (spec 001 §3.6): a member's saved ones, the defaults for guests and visitors. */
  readonly boardOptions: BoardOptions;
  readonly features: FeatureFlags;
  readonly friends: readonly string[];
  readonly opponents: readonly string[];
  readonly followSuggestions: readonly string[];
  readonly message: string | null;
  readonly isFriendsLoading: boolean;
  readonly isOpponentsLoading: boolean;
}

export const defaultAvatarUrl = "/images/default-avatar.svg";

/** The level flags, cumulative where the spec's checks are (premium, staff) and exact for membership tiers. */
export function levelFlags(level: number, loggedIn: boolean): CurrentUserFlags {
  return {
    isStaff: loggedIn && hasAtLeast(level, "staff"),
    isModerator: loggedIn && hasAtLeast(level, "moderator"),
    isDiamond: loggedIn && isExactly(level, "diamond"),
    isPlatinum: loggedIn && isExactly(level, "platinum"),
    isGold: loggedIn && isExactly(level, "gold"),
    isSilver: loggedIn && isExactly(level, "silver"),
    isPremium: loggedIn && isPremiumLevel(level),
    isBasic: loggedIn && isExactly(level, "basic"),
    isGuest: loggedIn && isExactly(level, "guest"),
  };
}

/** One anonymous user per flags object: every signed-in request's current user starts from it (decision 0047). */
const anonymousUsers = new WeakMap<FeatureFlags, CurrentUser>();

export function anonymousUser(features: FeatureFlags): CurrentUser {
  let user = anonymousUsers.get(features);
  if (!user) anonymousUsers.set(features, (user = buildAnonymousUser(features)));
  return user;
}

function buildAnonymousUser(features: FeatureFlags): CurrentUser {
  return {
    ...levelFlags(0, false),
    isLoggedIn: false,
    isMember: false,
    id: null,
    uuid: null,
    username: "",
    isActivated: false,
    isEnabled: false,
    isNewlyRegistered: false,
    isImpersonating: false,
    isContentHidden: false,
    membershipLevel: 0,
    membership: { code: "guest", level: 0, name: membershipName(0) },
    chessTitle: null,
    country: "XX",
    flag: "XX",
    cohort: null,
    flair: null,
    flairCode: "nothing",
    avatarUrl: defaultAvatarUrl,
    avatarLargeUrl: defaultAvatarUrl,
    settingsAvatarUrl: defaultAvatarUrl,
    lastLoginDate: null,
    registerDate: null,
    timezone: "UTC",
    language: "en",
    rating: null,
    safeMode: false,
    eligibleFirstTrial: false,
    diagramSettings: {},
    roles: [],
    archiveView: "grid",
    homeContentType: "following",
    fairPlayAgree: false,
    allowFriendRequests: true,
    twoFactorEnabled: false,
    boardOptions: defaultBoardOptions,
    features,
    friends: [],
    opponents: [],
    followSuggestions: [],
    message: null,
    isFriendsLoading: false,
    isOpponentsLoading: false,
  };
}
