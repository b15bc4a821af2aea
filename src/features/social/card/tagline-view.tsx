import { useIntl } from "../../../platform/i18n/intl.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { PresenceButton, Tagline } from "./tagline.ts";
import { levelMessageIds } from "../../accounts/levels.ts";

/**
 * How a tagline looks (spec 001 §4.3), for the profile and the user card:
 * the title or membership badge, the staff or moderator badge, the flair, the
 * presence dot and the presence button.
 */

/**
 * Flair codes the site knows, drawn as a symbol and a colour (text glyphs
 * every system font has; no emoji font needed). The new flair is the coloured
 * symbol on a chip, the old icon the plain symbol.
 */
const flairGlyphs: Readonly<Record<string, { readonly glyph: string; readonly tone: string }>> = {
  crown: { glyph: "♔", tone: "gold" },
  star: { glyph: "★", tone: "gold" },
  diamond_traditional: { glyph: "◆", tone: "blue" },
  pawn_traditional: { glyph: "♟", tone: "plain" },
  knight: { glyph: "♞", tone: "green" },
  rook: { glyph: "♜", tone: "silver" },
  queen: { glyph: "♛", tone: "bronze" },
  heart: { glyph: "♥", tone: "red" },
  fire: { glyph: "✹", tone: "orange" },
  lightning: { glyph: "⚡", tone: "gold" },
  tree: { glyph: "♣", tone: "green" },
  pumpkin: { glyph: "●", tone: "orange" },
  snowflake: { glyph: "❄", tone: "blue" },
  rocket: { glyph: "➚", tone: "blue" },
};
const unknownFlair = { glyph: "✦", tone: "plain" } as const;
/** Asks for the text (not emoji) presentation of a symbol. */
const textPresentation = "\uFE0E";

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
        <span className={`ks-tier-badge ks-tier-badge-${tagline.badge.level}`}>{intl.formatMessage({ id: levelMessageIds[tagline.badge.level] })}</span>
      )}
      {tagline.roleBadge && <span className={`ks-role-badge ks-role-badge-${tagline.roleBadge}`}>{intl.formatMessage({ id: levelMessageIds[tagline.roleBadge] })}</span>}
      {tagline.flair && <FlairIcon code={tagline.flair.code} style={tagline.flair.style} />}
    </>
  );
}

export function FlairIcon({ code, style }: { code: string; style: "new" | "old" }) {
  const intl = useIntl();
  const { glyph, tone } = flairGlyphs[code] ?? unknownFlair;
  return (
    <span
      className={style === "new" ? `ks-flair ks-flair-new ks-flair-tone-${tone}` : "ks-flair ks-flair-old"}
      role="img"
      aria-label={intl.formatMessage({ id: "profile.flair.label" }, { name: flairName(code) })}
      data-flair={code}
    >
      {`${glyph}${textPresentation}`}
    </span>
  );
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
