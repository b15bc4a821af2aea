import { useId, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { searchFieldAttributes, SearchGlyph } from "./search-box-parts.tsx";
import "./member-search.css";

const combobox = lazyModule(() => importWithRetry(() => import("./member-search-combobox.tsx")));
const MemberSearchCombobox = combobox.component("MemberSearchCombobox");

/**
 * The header's member search on every page: a plain form to /search, the
 * same one the combobox draws. Suggestions, keys and folding are the
 * combobox's (member-search-combobox.tsx), a chunk loaded when the member
 * first focuses the field or taps the phone's search button, so that a page
 * carries none of it until then (decision 0037's budget). What is typed
 * while the chunk comes is handed over with the focus.
 */
export function MemberSearchBox() {
  const intl = useIntl();
  const link = useLinks();
  const hydrated = useIsClient();
  const baseId = useId();
  const typed = useRef("");
  const [engaged, setEngaged] = useState<{ readonly unfolded: boolean } | null>(null);

  if (engaged) return <MemberSearchCombobox typed={typed} unfoldedAtStart={engaged.unfolded} focusAtStart />;

  const engage = (unfolded: boolean) => {
    void combobox.ready().then(
      () => setEngaged({ unfolded }),
      () => undefined,
    );
  };
  const label = intl.formatMessage({ id: "member_search.box.label" });
  return (
    <div className="ks-header-search" data-unfolded="false">
      {hydrated ? (
        <button type="button" className="ks-header-search-toggle" aria-expanded={false} aria-controls={`${baseId}-form`} aria-label={label} onClick={() => engage(true)}>
          <SearchGlyph />
        </button>
      ) : (
        <a className="ks-header-search-toggle" href={link("web_search")} aria-label={label}>
          <SearchGlyph />
        </a>
      )}
      <form id={`${baseId}-form`} className="ks-header-search-form" role="search" method="get" action={link("web_search")} aria-label={label}>
        <label className="ks-visually-hidden" htmlFor={`${baseId}-input`}>{label}</label>
        <span className="ks-header-search-icon" aria-hidden="true"><SearchGlyph /></span>
        <input
          id={`${baseId}-input`}
          {...searchFieldAttributes}
          placeholder={label}
          aria-expanded={false}
          onInput={(event) => void (typed.current = event.currentTarget.value)}
          onFocus={() => engage(false)}
        />
      </form>
    </div>
  );
}
