import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { MemberName } from "../../social/card/member-name.tsx";
import { MemberSearchForm } from "./member-search-form.tsx";
import "./member-search.css";

export interface CloseUsername {
  readonly username: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
}

/**
 * /member/{name} for a name nobody has (a 404): "Member not found", the
 * members whose names come closest (by prefix), and the search form.
 */
export function MemberNotFound({ username, suggestions }: { username: string; suggestions: readonly CloseUsername[] }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-member-missing" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "member_search.not_found.title" })}>
        <p className="ks-lead">{intl.formatMessage({ id: "member_search.not_found.text" }, { username })}</p>
      </PageHeader>
      {suggestions.length > 0 && (
        <nav className="ks-card" aria-labelledby="member-suggestions-title">
          <h2 id="member-suggestions-title">{intl.formatMessage({ id: "member_search.not_found.did_you_mean" })}</h2>
          <ul className="ks-member-suggestions" role="list">
            {suggestions.map((member) => (
              <li key={member.username}>
                <MemberName member={member} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      <MemberSearchForm query={username} />
      <p>
        <a href={link("web_search", { q: username })}>{intl.formatMessage({ id: "member_search.not_found.search_for" }, { username })}</a>
      </p>
    </section>
  );
}
