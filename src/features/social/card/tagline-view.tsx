import { useIntl } from "../../../platform/i18n/intl.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { PresenceButton, Tagline } from "./tagline.ts";
import { levelMessageIds } from "../../accounts/levels.ts";
import { Flair } from "../../accounts/flair/flair.tsx";

/**
 * How a tagline looks (spec 001 §4.3), for the profile and the user card:
 * the title or membership badge, the staff or moderator badge, the flair, the
 * presence dot and the presence button.
 */

export { flairName } from "../../accounts/flair/flair-catalogue.ts";

export function TaglineBadges({ tagline }: { tagline: Tagline }) {
  const intl = useIntl();
  return (
    <>
      {tagline.badge?.kind === "title" && (
        <abbr className="ks-title-badge" title={intl.formatMessage({ id: "profile.badge.title" }, { title: tagline.badge.title })}>
          {tagline.badge.title}
        </abbr>
      )}
      {tagline.badge?.kind === "membership" && (
        <span className={`ks-tier-badge ks-tier-badge-${tagline.badge.level}`}>{intl.formatMessage({ id: levelMessageIds[tagline.badge.level] })}</span>
      )}
      {tagline.roleBadge && <span className={`ks-role-badge ks-role-badge-${tagline.roleBadge}`}>{intl.formatMessage({ id: levelMessageIds[tagline.roleBadge] })}</span>}
      {tagline.flair && <FlairIcon code={tagline.flair.code} style={tagline.flair.style} />}
    </>
  );
}

/** The flair beside a name: the accounts feature's one Flair component (the sprite's symbol, the upsell on click). */
export function FlairIcon({ code, style }: { code: string; style: "new" | "old" }) {
  return <Flair code={code} look={style} />;
}

/** The green (online) or red (playing) dot; `onAvatar` pins it to an avatar's corner. */
export function PresenceDot({ dot, onAvatar = false }: { dot: Tagline["presenceDot"]; onAvatar?: boolean }) {
  const intl = useIntl();
  if (!dot) return null;
  const label = intl.formatMessage({ id: `profile.presence.${dot}` });
  return <span className={`ks-presence-dot ks-presence-dot-${dot}${onAvatar ? " ks-avatar-presence" : ""}`} role="img" aria-label={label} title={label} />;
}

export function PresenceButtonView({ button }: { button: PresenceButton | null }) {
  const intl = useIntl();
  if (!button) return null;
  switch (button.kind) {
    case "watch":
      return (
        <a className="ks-button ks-button-small ks-presence-watch" href={button.href}>
          {intl.formatMessage({ id: "profile.presence.watch" })}
        </a>
      );
    case "challenge":
      return (
        <a className="ks-button ks-button-small ks-button-primary" href={button.href}>
          {intl.formatMessage({ id: "profile.presence.challenge" })}
        </a>
      );
    case "lastOnline":
      return (
        <span className="ks-muted ks-presence-last-online">
          {intl.formatMessage({ id: "profile.presence.last_online" })} <RelativeTime date={button.since} />
        </span>
      );
  }
}
