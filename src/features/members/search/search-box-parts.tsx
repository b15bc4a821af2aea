/** The header search's parts shared by the plain form (member-search-box.tsx) and the combobox. */

/** The magnifier, drawn inline (no icon font, no request). */
export function SearchGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The search field's fixed attributes, the same in the plain form and in the combobox that replaces it. */
export const searchFieldAttributes = {
  className: "ks-header-search-input",
  name: "q",
  type: "text",
  inputMode: "search",
  enterKeyHint: "search",
  autoComplete: "off",
  autoCapitalize: "none",
  spellCheck: false,
  role: "combobox",
  "aria-autocomplete": "list",
} as const;
