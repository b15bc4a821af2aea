import { Suspense } from "react";
import { useIntl } from "../platform/i18n/intl.tsx";
import { useFeatureFlags, type FeatureFlagValues } from "./feature-flags-context.tsx";
import { uiMessageId, type UiMessageId } from "./messages.ts";
import { importWithRetry } from "../platform/http/chunk-retry.ts";
import { lazyModule } from "./lazy-module.ts";
import { flagAssetBase, flagFiles } from "./flag-files.ts";
import { localizedRegionName } from "../shared/region-names.ts";

/**
 * The sanctioned presentation and its tooltip: shown only when a sanction flag
 * is on, so its chunk stays off the pages of everyone else (decision 0035). The
 * server loads it at start; in the browser, hydration keeps the server's HTML
 * until it is there.
 */
export const sanctionedFlagModule = lazyModule(() => importWithRetry(() => import("./sanctioned-flag.tsx")));
const SanctionedFlag = sanctionedFlagModule.component("SanctionedFlag");

/** The stance page the sanctioned flag links to: Kingside's own, a section of /about. */
export const stanceOnWarPath = "/about#war-in-ukraine";

/** Country codes with a sanctioned presentation, and the feature flag that turns it on. */
export const sanctionedCountryFlags = {
  RU: "sanction_russia_flag",
  BY: "sanction_belarus_flag",
} as const satisfies Record<string, string>;

export const countryFlagSizes = {
  small: { width: 16, height: 12 },
  medium: { width: 24, height: 18 },
  large: { width: 32, height: 24 },
} as const satisfies Record<string, { width: number; height: number }>;

export type CountryFlagSize = keyof typeof countryFlagSizes;

/** The international (no country) code. */
export const internationalCountryCode = "XX";

/** A flag-icons file's URL, or null when the package has no such flag. */
function flagUrl(file: string): string | null {
  return flagFiles.has(file) ? `${flagAssetBase}${file}.svg` : null;
}

type CountryName = { kind: "region"; region: string } | { kind: "message"; id: UiMessageId };

interface CountryAlias {
  file: string;
  name: CountryName;
}

/** User-assigned codes that chess sites use for regions without an ISO code. */
const countryAliases: Readonly<Record<string, CountryAlias>> = {
  XA: { file: "ic", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.canaryIslands") } },
  XB: { file: "es-pv", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.basqueCountry") } },
  XC: { file: "es-ct", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.catalonia") } },
  XE: { file: "gb-eng", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.england") } },
  XG: { file: "es-ga", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.galicia") } },
  XK: { file: "xk", name: { kind: "region", region: "XK" } },
  XP: { file: "ps", name: { kind: "region", region: "PS" } },
  XS: { file: "gb-sct", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.scotland") } },
  XW: { file: "gb-wls", name: { kind: "message", id: uiMessageId("ui.countryFlag.region.wales") } },
};

const internationalName: CountryName = { kind: "message", id: uiMessageId("ui.countryFlag.international") };

export interface ResolvedCountryFlag {
  /** Upper-case code as given ("US", "XE"). */
  code: string;
  /** The flag-icons file name ("ru", "gb-eng"); "xx", the neutral international flag, for "XX" and unknown codes. */
  file: string;
  /** The SVG's asset URL. */
  url: string;
  name: CountryName;
  known: boolean;
}

/** Which flag a code shows and where its name comes from. */
export function resolveCountryFlag(rawCode: string): ResolvedCountryFlag {
  const code = rawCode.trim().toUpperCase();
  const fallbackUrl = flagUrl("xx") ?? "";
  const alias = countryAliases[code];
  if (alias) {
    const url = flagUrl(alias.file);
    if (url) return { code, file: alias.file, url, name: alias.name, known: true };
  }
  if (/^[A-Z]{2}$/.test(code) && code !== internationalCountryCode) {
    const file = code.toLowerCase();
    const url = flagUrl(file);
    if (url) return { code, file, url, name: { kind: "region", region: code }, known: true };
  }
  return { code, file: "xx", url: fallbackUrl, name: internationalName, known: false };
}

/** The flag's country in the page's language: the runtime's region name, or our message for regions without an ISO code and the neutral "International". */
export function countryNameOf(flag: ResolvedCountryFlag, intl: Pick<ReturnType<typeof useIntl>, "formatMessage" | "locale">): string {
  return flag.name.kind === "message" ? intl.formatMessage({ id: flag.name.id }) : localizedRegionName(flag.name.region, intl.locale);
}

/** Whether the code shows the sanctioned presentation under these flags. */
export function isSanctionedFlag(code: string, flags: FeatureFlagValues): boolean {
  const normalized = code.trim().toUpperCase();
  if (normalized !== "RU" && normalized !== "BY") return false;
  return flags[sanctionedCountryFlags[normalized]] === true;
}

export interface CountryFlagProps {
  /** ISO 3166-1 alpha-2 code ("US"), a regional code ("XE" England), or "XX" for international. */
  code: string;
  /** The country's name; by default localized for the current locale. */
  name?: string;
  size?: CountryFlagSize;
  /** Feature flags to use instead of FeatureFlagsContext (sanction_russia_flag, sanction_belarus_flag). */
  featureFlags?: FeatureFlagValues;
  /** Where the sanctioned flag links to. */
  stanceHref?: string;
  className?: string;
}

/**
 * A country's flag (flag-icons, 4x3). "XX" and unknown codes show the neutral
 * flag. With the feature flag on, Russia and Belarus show a blank flag that
 * links to the stance page and explains why in a tooltip.
 */
export function CountryFlag({
  code,
  name,
  size = "small",
  featureFlags,
  stanceHref = stanceOnWarPath,
  className,
}: CountryFlagProps) {
  const intl = useIntl();
  const contextFlags = useFeatureFlags();
  const { width, height } = countryFlagSizes[size];
  const sizeClass = `ks-flag ks-flag--${size}${className ? ` ${className}` : ""}`;

  if (isSanctionedFlag(code, featureFlags ?? contextFlags)) {
    // Client-side renders (a navigation) show the blank flag until its tooltip's chunk is there.
    return (
      <Suspense fallback={<span className={`${sizeClass} ks-flag--blank`} style={{ width, height }} aria-hidden="true" />}>
        <SanctionedFlag className={sizeClass} width={width} height={height} stanceHref={stanceHref} />
      </Suspense>
    );
  }

  const flag = resolveCountryFlag(code);
  const countryName = name ?? countryNameOf(flag, intl);

  return (
    <span
      role="img"
      aria-label={countryName}
      title={countryName}
      className={sizeClass}
      data-country={flag.code}
      data-flag={flag.file}
    >
      <img src={flag.url} alt="" width={width} height={height} loading="lazy" decoding="async" draggable={false} />
    </span>
  );
}
