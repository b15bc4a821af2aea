import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { clubListQuerySchema } from "../clubs.schema.ts";
import { ClubList } from "../components/club-parts.tsx";
import { clubCountryOptions } from "../club-form.server.ts";
import { CountrySelect } from "../../../ui/country-select.tsx";
import type { Route } from "./+types/clubs-find-page";
import "../components/clubs.css";

/** /clubs/find and /clubs/search: clubs by name, country, size and how members join, largest first, with pagination. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = clubListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await context.services.clubs.list({ q: query.q || undefined, country: query.country, minMembers: query.size, joinPolicy: query.join, page: query.page });
  return {
    routeName: page.route.name === "web_clubs_search" ? ("web_clubs_search" as const) : ("web_clubs_find" as const),
    query: { q: query.q ?? "", country: query.country ?? "", size: query.size ?? 0, join: query.join ?? "" },
    clubs: list.clubs.map((club) => ({ id: club.id, url: club.url, name: club.name, avatarUrl: club.avatarUrl, countryCode: club.countryCode, memberCount: club.memberCount, joinPolicy: club.joinPolicy })),
    page: list.page,
    totalPages: Math.max(1, Math.ceil(list.total / list.pageSize)),
    total: list.total,
    countries: clubCountryOptions(request),
  };
}

export default function ClubsFindPage({ loaderData }: Route.ComponentProps) {
  const { routeName, query, clubs, page, totalPages, total, countries } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const pageHref = (pageNumber: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.country) params.set("country", query.country);
    if (query.size) params.set("size", String(query.size));
    if (query.join) params.set("join", query.join);
    if (pageNumber > 1) params.set("page", String(pageNumber));
    const search = params.toString();
    return link(routeName) + (search ? `?${search}` : "");
  };
  return (
    <section className="ks-page ks-clubs-find-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <form method="get" className="ks-card ks-club-filters" role="search">
        <label className="ks-field">
          {intl.formatMessage({ id: "clubs.find.name" })}
          <input type="search" name="q" defaultValue={query.q} maxLength={100} />
        </label>
        <label className="ks-field">
          {intl.formatMessage({ id: "clubs.page.country" })}
          <CountrySelect countries={[{ code: "", name: intl.formatMessage({ id: "clubs.find.any_country" }) }, ...countries]} defaultValue={query.country} />
        </label>
        <label className="ks-field">
          {intl.formatMessage({ id: "clubs.find.size" })}
          <select name="size" defaultValue={String(query.size)}>
            <option value="0">{intl.formatMessage({ id: "clubs.find.any_size" })}</option>
            <option value="10">10+</option>
            <option value="100">100+</option>
            <option value="1000">1000+</option>
          </select>
        </label>
        <label className="ks-field">
          {intl.formatMessage({ id: "clubs.find.join" })}
          <select name="join" defaultValue={query.join}>
            <option value="">{intl.formatMessage({ id: "clubs.find.any_policy" })}</option>
            <option value="open">{intl.formatMessage({ id: "clubs.join_policy.open" })}</option>
            <option value="approval">{intl.formatMessage({ id: "clubs.join_policy.approval" })}</option>
            <option value="invite">{intl.formatMessage({ id: "clubs.join_policy.invite" })}</option>
          </select>
        </label>
        <button type="submit" className="ks-button">
          {intl.formatMessage({ id: "clubs.find.submit" })}
        </button>
      </form>
      <p className="ks-muted" role="status">{intl.formatMessage({ id: "clubs.find.results" }, { count: total })}</p>
      <ClubList clubs={clubs} emptyId="clubs.find.empty" />
      <Pagination currentPage={page} totalPages={totalPages} hrefForPage={pageHref} label={intl.formatMessage({ id: "clubs.find.pages" })} />
    </section>
  );
}
