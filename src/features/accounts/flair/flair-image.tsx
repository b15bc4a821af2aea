import { useIntl } from "../../../platform/i18n/intl.tsx";

/** Where a flair's picture is served: one small SVG per code in public/flair/ (drawn for Kingside), cached by the browser. */
export function flairImageUrl(code: string): string {
  return `/flair/${code}.svg`;
}

/** "diamond_traditional" -> "diamond traditional": the catalogue's name of a flair, from its code (no catalogue needed). */
export function flairName(code: string): string {
  return code.replace(/_/g, " ");
}

/**
 * A flair's picture, a plain sized <img> of its SVG: the server decides which
 * flair a name shows and sends only the code, so drawing one costs a few
 * bytes of JavaScript and no catalogue. `alt` is empty where text beside it
 * already names the flair (the settings picker's labels).
 */
export function FlairImage({ code, alt, size = 17 }: { readonly code: string; readonly alt: string; readonly size?: number }) {
  return <img className="ks-flair-image" src={flairImageUrl(code)} alt={alt} width={size} height={size} loading="lazy" decoding="async" />;
}

/** The flair beside a member's name (nothing for null), named for screen readers: player bars, leaderboard rows, chat lines. */
export function FlairBesideName({ code }: { readonly code: string | null }) {
  const intl = useIntl();
  if (!code) return null;
  return <FlairImage code={code} alt={intl.formatMessage({ id: "profile.flair.label" }, { name: flairName(code) })} />;
}
