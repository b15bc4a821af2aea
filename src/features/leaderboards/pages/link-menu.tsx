/** A choice of the menu: a plain link, followed by full navigation. */
export interface LinkMenuOption {
  readonly value: string;
  readonly label: string;
  readonly href: string;
}

/**
 * A board's menu (game type, filter, puzzle-rush window): a disclosure of
 * links, drawn like the design system's Dropdown but with no script at all —
 * every choice navigates (spec 001 §2.1), so the browser's own <details>
 * is the whole behaviour, and the boards' pages keep within their JavaScript
 * budget (issue 23). The summary is named "label: current choice"; the
 * current choice is marked aria-current.
 */
export function LinkMenu({ label, options, selectedValue, placeholder }: { readonly label: string; readonly options: readonly LinkMenuOption[]; readonly selectedValue: string | null; readonly placeholder?: string }) {
  const selected = options.find((option) => option.value === selectedValue);
  return (
    <details className="ks-dropdown ks-link-menu">
      <summary className="ks-dropdown__header">
        <span className="ks-dropdown__label">{label}</span>
        <span className="ks-dropdown__value">{selected?.label ?? placeholder}</span>
        <span className="ks-dropdown__chevron" aria-hidden="true" />
      </summary>
      <ul className="ks-dropdown__menu">
        {options.map((option) => (
          <li key={option.value}>
            <a className={option.value === selectedValue ? "ks-dropdown__option ks-dropdown__option--selected" : "ks-dropdown__option"} href={option.href} aria-current={option.value === selectedValue ? "page" : undefined}>
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
