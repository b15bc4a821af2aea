import { messagesFor } from "../../platform/i18n/messages.server.ts";
import { resolveRequestLocale } from "../../platform/i18n/request-locale.ts";
import { countryOptions, type CountryOption } from "../accounts/registration/country-options.server.ts";
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_URL_MAX, isClubJoinPolicy, type ClubJoinPolicy } from "./clubs.constants.ts";

/** The create and edit forms' fields as a refused post brought them back in the query (clubs.routes.server.ts keeps them). */
export interface KeptClubFields {
  readonly name?: string;
  readonly url?: string;
  readonly description?: string;
  readonly country?: string;
  readonly joinPolicy?: ClubJoinPolicy;
}

export function keptClubFields(request: Request): KeptClubFields {
  const query = new URL(request.url).searchParams;
  const text = (name: string, max: number): string | undefined => query.get(name)?.slice(0, max) ?? undefined;
  const joinPolicy = query.get("joinPolicy");
  return {
    name: text("name", CLUB_NAME_MAX),
    url: text("url", CLUB_URL_MAX),
    description: text("description", CLUB_DESCRIPTION_MAX),
    country: text("country", 2)?.toUpperCase(),
    joinPolicy: joinPolicy && isClubJoinPolicy(joinPolicy) ? joinPolicy : undefined,
  };
}

/** The country select's options in the page's language (names computed on the server only, as the settings page does). */
export function clubCountryOptions(request: Request): readonly CountryOption[] {
  const { locale } = resolveRequestLocale(new URL(request.url), request.headers.get("host"));
  return countryOptions(locale, messagesFor(locale)["registration.country.international"] ?? "International");
}
