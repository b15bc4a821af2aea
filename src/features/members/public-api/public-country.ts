import { defaultLocale } from "../../../platform/i18n/locales.ts";
import { messagesFor } from "../../../platform/i18n/messages.server.ts";
import { intlFor } from "../../../platform/i18n/translate.ts";
import { localizedRegionName } from "../../../shared/region-names.ts";
import { z } from "zod";
import { countryCodes, internationalCountryCode, type CountryCode } from "../../accounts/registration/countries.ts";
import type { PublicOrigins } from "./public-api.schema.ts";

/**
 * GET /pub/country/{code}: the country profile the player and club answers
 * link to, in the widely used public chess API's shape. Its codes are the ones
 * a member or a club can have (ISO 3166-1 alpha-2, and XX for International).
 */
export interface PublicCountry {
  readonly "@id": string;
  /** The English name, as the widely used API gives it whatever the request's language. */
  readonly name: string;
  readonly code: CountryCode;
}

/** The API URL of a country: the one place the player and club answers build it. */
export function countryApiUrl(origins: PublicOrigins, code: string): string {
  return `${origins.api}/country/${encodeURIComponent(code.toUpperCase())}`;
}

const countryParamsSchema = z.object({ code: z.string().transform((code) => code.toUpperCase()).pipe(z.enum(countryCodes)) });

/** The country the {code} path parameter names, in either case; null when no member or club can have it (unknown or malformed: a 404). */
export function publicCountryCodeOf(params: unknown): CountryCode | null {
  const parsed = countryParamsSchema.safeParse(params);
  return parsed.success ? parsed.data.code : null;
}

function englishCountryName(code: CountryCode): string {
  if (code !== internationalCountryCode) return localizedRegionName(code, defaultLocale);
  return intlFor(defaultLocale, messagesFor(defaultLocale)).formatMessage({ id: "ui.countryFlag.international" });
}

export function presentPublicCountry(code: CountryCode, origins: PublicOrigins): PublicCountry {
  return { "@id": countryApiUrl(origins, code), name: englishCountryName(code), code };
}
