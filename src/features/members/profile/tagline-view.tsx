import { useIntl } from "react-intl";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { PresenceButton, Tagline } from "./tagline.ts";

/**
 * How a tagline looks (spec 001 §4.3), for the profile and the user card:
 * the title or membership badge, the staff or moderator badge, the flair, the
 * presence dot and the presence button.
 */

/** Flair codes the site knows, drawn as emoji (the new flair) or as a plain glyph (the old icon). */
const flairGlyphs: Readonly<Record<string, string>> = {
  crown: "👑",
  star: "⭐",
  diamond_traditional: "💎",
  pawn_traditional: "♟",
  knight: "♞",
  rook: "♜",
  queen: "♛",
  heart: "❤️",
  fire: "🔥",
  lightning: "⚡",
  tree: "🌳",
  pumpkin: "🎃",
  snowflake: "❄️",
  rocket: "🚀",
};
const unknownFlairGlyph = "✦";

/** "diamond_traditional" -> "diamond traditional": the name a flair code reads as. */
export function flairName(code: string): string {
  return code.replace(/[_-]+/g, " ").trim();
}

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
        <span className={`ks-tier-badge ks-tier-badge-${tagline.badge.level}`}>{intl.formatMessage({ id: `membership.${tagline.badge.level}` })}</span>
      )}
      {tagline.roleBadge && <span className={`ks-role-badge ks-role-badge-${tagline.roleBadge}`}>{intl.formatMessage({ id: `membership.${tagline.roleBadge}` })}</span>}
      {tagline.flair && <FlairIcon code={tagline.flair.code} style={tagline.flair.style} />}
    </>
  );
}

export function FlairIcon({ code, style }: { code: string; style: "new" | "old" }) {
  const intl = useIntl();
  const glyph = flairGlyphs[code] ?? unknownFlairGlyph;
  return (
    <span className={`ks-flair ks-flair-${style}`} role="img" aria-label={intl.formatMessage({ id: "profile.flair.label" }, { name: flairName(code) })} data-flair={code}>
      {style === "old" ? `${glyph}\uFE0E` : glyph}
    </span>
  );
}

export function PresenceDot({ dot }: { dot: Tagline["presenceDot"] }) {
  const intl = useIntl();
  if (!dot) return null;
  return <span className={`ks-presence-dot ks-presence-dot-${dot}`} role="img" aria-label={intl.formatMessage({ id: `profile.presence.${dot}` })} />;
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
