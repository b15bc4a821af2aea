/** A country as the forms offer it: its code and its name in the page's language. */
export interface CountryChoice {
  readonly code: string;
  readonly name: string;
}

/**
 * The country field of the profile and club forms: a plain select posting
 * `country`, its options named by the server in the page's language.
 */
export function CountrySelect({ countries, defaultValue, required = false }: { readonly countries: readonly CountryChoice[]; readonly defaultValue: string; readonly required?: boolean }) {
  return (
    <select name="country" defaultValue={defaultValue} required={required}>
      {countries.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
