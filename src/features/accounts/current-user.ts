import type { FeatureFlags } from "../../platform/flags/feature-flags.ts";

/**
 * The current user as every page knows it (spec 001 §3.5). Anonymous visitors
 * get the default object; the accounts feature fills in signed-in members.
 */
export interface CurrentUser {
  readonly isLoggedIn: boolean;
  readonly id: number | null;
  readonly username: string;
  readonly avatarUrl: string;
  readonly archiveView: "grid" | "list";
  readonly homeContentType: "following" | "my_activity";
  readonly country: string;
  readonly flag: string;
  readonly membership: { readonly code: string; readonly level: number; readonly name: string };
  readonly rating: number | null;
  readonly roles: readonly string[];
  readonly features: FeatureFlags;
  readonly friends: readonly string[];
  readonly opponents: readonly string[];
  readonly isFriendsLoading: boolean;
  readonly isOpponentsLoading: boolean;
}

export const defaultAvatarUrl = "/images/default-avatar.svg";

export function anonymousUser(features: FeatureFlags): CurrentUser {
  return {
    isLoggedIn: false,
    id: null,
    username: "",
    avatarUrl: defaultAvatarUrl,
    archiveView: "grid",
    homeContentType: "following",
    country: "XX",
    flag: "XX",
    membership: { code: "guest", level: 0, name: "Guest" },
    rating: null,
    roles: [],
    features,
    friends: [],
    opponents: [],
    isFriendsLoading: false,
    isOpponentsLoading: false,
  };
}
