import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { Locale } from "../i18n/locales.ts";
import type { MembersService } from "../../features/members/members.service.server.ts";
import type { SocialService } from "../../features/social/social.service.server.ts";
import type { MemberItemsService } from "../../features/social/member-items.service.server.ts";
import type { UserCardService } from "../../features/social/user-card.service.server.ts";
import type { AccountSettingsService } from "../../features/accounts/settings/settings.service.server.ts";
import type { MembershipService } from "../../features/accounts/membership/membership.service.server.ts";
import type { StaffService } from "../../features/accounts/staff/staff.service.server.ts";
import type { CurrentUser } from "../../features/accounts/current-user.ts";

/**
 * What the server hands every React Router loader: the services (loaders never
 * reach into tables), the feature flags and the message catalogs. Types only:
 * the objects are built once by the server process (src/server/app.server.ts).
 */
export interface Services {
  readonly members: MembersService;
  readonly social: SocialService;
  readonly memberItems: MemberItemsService;
  readonly userCards: UserCardService;
  readonly accountSettings: AccountSettingsService;
  readonly membership: MembershipService;
  readonly staff: StaffService;
}

// A type alias, not an interface: React Router's AppLoadContext has an index
// signature, which only object type aliases satisfy implicitly.
export type KingsideLoadContext = {
  readonly services: Services;
  readonly features: FeatureFlags;
  readonly messagesFor: (locale: Locale) => Readonly<Record<string, string>>;
  readonly production: boolean;
  /** The configured site's host (SITE_URL), or null in development, where the request's Host is believed. */
  readonly siteHost: string | null;
  /** Who is asking: the signed-in member, or the anonymous default object. */
  readonly viewer: CurrentUser;
  /** The CSRF token valid for this request's session; forms embed it as _token. */
  readonly csrfToken: string;
};

declare module "react-router" {
  // Declaration merging needs an interface; it adds no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends KingsideLoadContext {}
}
