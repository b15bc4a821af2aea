import { useIntl } from "../platform/i18n/intl.tsx";
import { CountryFlag, countryNameOf, resolveCountryFlag, type CountryFlagSize } from "./country-flag.tsx";

/**
 * A country as text shows it: its flag and its name in the page's language
 * ("🇩🇪 Germany"); "XX" and unknown codes show the neutral flag and
 * "International", never the bare code.
 */
export function CountryLabel({ code, size = "small", className }: { code: string; size?: CountryFlagSize; className?: string }) {
  const intl = useIntl();
  const name = countryNameOf(resolveCountryFlag(code), intl);
  return (
    <span className={`ks-country${className ? ` ${className}` : ""}`} data-country={code.trim().toUpperCase()}>
      <CountryFlag code={code} name={name} size={size} />
      <span className="ks-country-name">{name}</span>
    </span>
  );
}
