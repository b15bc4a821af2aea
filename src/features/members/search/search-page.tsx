import { useId } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import type { Route } from "./+types/search-page";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { MemberResults } from "./member-results.tsx";
import { MemberSearchForm } from "./member-search-form.tsx";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "./member-search.schema.ts";
import { searchMembersPage, searchPageNumber } from "./member-search.server.ts";
import "./member-search.css";

/**
 * /search?q=&page=: members whose username starts with q, 20 a page,
 * server-rendered (docs/decisions/0024). A query under 3 or over 25
 * characters is refused with a 400 and its reason; nothing is searched.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const query = new URL(request.url).searchParams;
  const found = await searchMembersPage(
    { directory: context.services.memberDirectory, presence: context.services.presence.service },
    query.get("q"),
    searchPageNumber(query.get("page")),
  );
  return data(found, { status: found.problem ? 400 : 200 });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, problem, page, morePages, results } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const problemId = useId();
  const searched = query !== "" && !problem;
  return (
    <section className="ks-page ks-member-search" aria-labelledby="page-title">
      <PageHeader title={searched ? intl.formatMessage({ id: "member_search.title_for" }, { query }) : intl.formatMessage({ id: "route.web_search" })}>
        <p className="ks-lead">{intl.formatMessage({ id: "member_search.lead" })}</p>
      </PageHeader>
      <MemberSearchForm query={query} describedBy={problem ? problemId : undefined} />
      {problem && (
        <p id={problemId} className="ks-form-error" role="alert">
          {problem === "too_short"
            ? intl.formatMessage({ id: "member_search.too_short" }, { number: SEARCH_MIN_LENGTH })
            : intl.formatMessage({ id: "member_search.too_long" }, { number: SEARCH_MAX_LENGTH })}
        </p>
      )}
      {searched && results.length === 0 && (
        <div className="ks-empty-state" role="status">
          <p className="ks-empty-title">{intl.formatMessage({ id: page > 1 ? "member_search.no_more" : "member_search.none" }, { query })}</p>
          {page > 1 && <a href={link("web_search", { q: query })}>{intl.formatMessage({ id: "member_search.first_page" })}</a>}
        </div>
      )}
      {results.length > 0 && (
        <div className="ks-card ks-member-results-card">
          <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "member_search.results" })}</h2>
          <MemberResults results={results} />
        </div>
      )}
      {searched && (
        <Pagination currentPage={page} morePages={morePages} hrefForPage={(target) => link("web_search", target > 1 ? { q: query, page: target } : { q: query })} />
      )}
    </section>
  );
}
