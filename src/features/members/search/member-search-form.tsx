import { useId } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { SEARCH_MAX_LENGTH } from "./member-search.schema.ts";

/**
 * The plain search form: a GET to /search?q=, so it works without JavaScript
 * (the /search page and the "Member not found" page).
 */
export function MemberSearchForm({ query, describedBy }: { query: string; describedBy?: string }) {
  const intl = useIntl();
  const link = useLinks();
  const inputId = useId();
  return (
    <form className="ks-member-search-form" method="get" action={link("web_search")} role="search">
      <label className="ks-field" htmlFor={inputId}>
        {intl.formatMessage({ id: "member_search.field" })}
        <input
          id={inputId}
          name="q"
          type="search"
          defaultValue={query}
          // Longer input reaches the server, which says why it is refused.
          maxLength={SEARCH_MAX_LENGTH * 4}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={describedBy}
        />
      </label>
      <button type="submit" className="ks-button ks-button-primary">
        {intl.formatMessage({ id: "member_search.submit" })}
      </button>
    </form>
  );
}
