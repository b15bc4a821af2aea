import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { CountryFlag } from "../../../ui/country-flag.tsx";
import { LazyImage } from "../../../ui/lazy-image.tsx";
import { defaultAvatarUrl } from "../../accounts/current-user.ts";
import { useFeatureFlags } from "../../../ui/feature-flags-context.tsx";
import { levelMessageIds } from "../../accounts/levels.ts";
import { useUserCardTrigger } from "../../social/card/user-card-provider.tsx";
import { taglineBadge } from "../../social/card/tagline-badge.ts";
import type { LeaderboardUser } from "../leaderboards.schema.ts";
import { FlairBesideName } from "../../accounts/flair/flair-image.tsx";
import "../../accounts/flair/flair.css";

/** The placeholder flair's code (flair-catalogue.ts), written out so the page does not load the catalogue for it. */
const placeholderFlairCode = "nothing";

/** Spec 001 §9: a leaderboard avatar is 40 px. */
const AVATAR_SIZE = 40;

/** The flair beside a leader's name (spec 001 §2.2): the code the server chose, "nothing" for none. */
export function LeaderboardFlairSpot({ flairCode }: { readonly flairCode: string }) {
  if (flairCode === placeholderFlairCode) return null;
  // A plain picture, as on the game's player bars: a board of 50 rows has no JavaScript to spare for the flair's link and upsell (decision 0069).
  return (
    <span className="ks-flair ks-flair-new" data-flair={flairCode}>
      <FlairBesideName code={flairCode} />
    </span>
  );
}

/** A leader's cell: avatar, country flag, username (opening the user card), flair, membership icon and chess title. */
export function LeaderboardPlayerCell({ user }: { readonly user: LeaderboardUser }) {
  const intl = useIntl();
  const link = useLinks();
  const flags = useFeatureFlags();
  const trigger = useUserCardTrigger(user.username);
  const badge = taglineBadge(user, { membership_badges: flags.membership_badges === true });
  return (
    <div className="ks-leader">
      <LazyImage src={user.avatarUrl ?? defaultAvatarUrl} alt="" width={AVATAR_SIZE} height={AVATAR_SIZE} className="ks-leader-avatar" />
      <span className="ks-leader-name">
        {badge?.kind === "title" && (
          <abbr className="ks-title-badge" title={intl.formatMessage({ id: "profile.badge.title" }, { title: badge.title })}>
            {badge.title}
          </abbr>
        )}
        <a href={link("web_member_profile", { username: user.username.toLowerCase() })} {...trigger}>{user.username}</a>
        <CountryFlag code={user.countryCode} size="small" />
        <LeaderboardFlairSpot flairCode={user.flairCode} />
        {badge?.kind === "membership" && <span className={`ks-tier-badge ks-tier-badge-${badge.level}`}>{intl.formatMessage({ id: levelMessageIds[badge.level] })}</span>}
      </span>
    </div>
  );
}
