import { useIntl } from "../../../platform/i18n/intl.tsx";
import { CountryFlag } from "../../../ui/country-flag.tsx";
import { LazyImage } from "../../../ui/lazy-image.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { useFeatureFlags } from "../../../ui/feature-flags-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { derivePresence } from "../../presence/derive-presence.ts";
import type { Presence } from "../../presence/presence.schema.ts";
import { usePresence } from "../../presence/use-presence.ts";
import { useUserCardTrigger } from "../../social/card/user-card-provider.tsx";
import { tagline } from "../../social/card/tagline.ts";
import { PresenceDot, TaglineBadges } from "../../social/card/tagline-view.tsx";
import type { MemberSearchResult } from "./member-search.schema.ts";

/**
 * Members found, one row each: avatar with the presence dot, flag, name (which
 * opens the user card), title or membership badge, full name and presence.
 * Presence comes rendered from the server, then live (usePresence).
 */
export function MemberResults({ results }: { results: readonly MemberSearchResult[] }) {
  const live = usePresence(results.map((result) => result.userId));
  return (
    <ol className="ks-member-results" role="list">
      {results.map((result) => (
        <MemberResultRow key={result.userId} result={result} presence={live.presence?.get(result.userId) ?? result.presence} />
      ))}
    </ol>
  );
}

function MemberResultRow({ result, presence }: { result: MemberSearchResult; presence: Presence | null }) {
  const intl = useIntl();
  const link = useLinks();
  const flags = useFeatureFlags();
  const trigger = useUserCardTrigger(result.username);
  const derived = derivePresence(presence);
  const line = tagline(result, { membership_badges: flags.membership_badges === true, web_flair_rpc: flags.web_flair_rpc === true }, derived, null);
  const fullName = [result.firstName, result.lastName].filter(Boolean).join(" ");
  const href = link("web_member_profile", { username: result.username });
  return (
    <li className="ks-member-result" data-username={result.username}>
      <div className="ks-member-result-avatar">
        <LazyImage src={result.avatarUrl} alt="" width={48} height={48} />
        <PresenceDot dot={line.presenceDot} onAvatar />
      </div>
      <div className="ks-member-result-body">
        <p className="ks-member-result-name">
          {result.countryCode && <CountryFlag code={result.countryCode} size="small" />}
          <a href={href} {...trigger}>{result.username}</a>
          <TaglineBadges tagline={line} />
        </p>
        {fullName && <p className="ks-member-result-full-name">{fullName}</p>}
      </div>
      <p className="ks-member-result-presence">
        {derived.isPlaying ? (
          derived.gameLink ? <a href={derived.gameLink}>{intl.formatMessage({ id: "profile.presence.playing" })}</a> : intl.formatMessage({ id: "profile.presence.playing" })
        ) : derived.isOnline ? (
          <span className="ks-profile-online">{intl.formatMessage({ id: "profile.presence.online_now" })}</span>
        ) : derived.offlineSince ? (
          <span className="ks-muted">
            {intl.formatMessage({ id: "profile.presence.last_online" })} <RelativeTime date={derived.offlineSince} />
          </span>
        ) : null}
      </p>
    </li>
  );
}
