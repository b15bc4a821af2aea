import { useIntl } from "../../../../platform/i18n/intl.tsx";
import type { Route } from "./+types/gifters-page";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { Pagination } from "../../../../ui/pagination.tsx";
import { MemberName } from "../../../social/card/member-name.tsx";

/** ?page=N: digits only; anything else is the first page (the service clamps past the end). */
function pageNumber(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const requested = pageNumber(new URL(request.url).searchParams.get("page"));
  const gifters = await context.services.membership.gifters(requested);
  return { routeName: page.route.name, ...gifters };
}

export default function GiftersPage({ loaderData }: Route.ComponentProps) {
  const { routeName, gifters, page, pageSize, totalPages, totalGifters } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-gifters" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })}>
        <p className="ks-lead">{intl.formatMessage({ id: "membership.gifters.lead" })}</p>
      </PageHeader>
      {gifters.length === 0 ? (
        <div className="ks-empty-state" role="status">
          <p className="ks-empty-title">{intl.formatMessage({ id: "membership.gifters.empty_title" })}</p>
          <p>{intl.formatMessage({ id: "membership.gifters.empty_text" })}</p>
          <a className="ks-button ks-button-primary" href={link("web_membership")}>{intl.formatMessage({ id: "membership.gifters.see_plans" })}</a>
        </div>
      ) : (
        <div className="ks-card ks-table-card">
          <table className="ks-table">
            <caption className="ks-visually-hidden">{intl.formatMessage({ id: "membership.gifters.caption" })}</caption>
            <thead>
              <tr>
                <th scope="col" className="ks-table-rank">#</th>
                <th scope="col">{intl.formatMessage({ id: "membership.gifters.member" })}</th>
                <th scope="col" className="ks-table-number">{intl.formatMessage({ id: "membership.gifters.gifts" })}</th>
              </tr>
            </thead>
            <tbody>
              {gifters.map((gifter, index) => (
                <tr key={gifter.username}>
                  <td className="ks-table-rank">{intl.formatNumber((page - 1) * pageSize + index + 1)}</td>
                  <td><MemberName member={gifter} /></td>
                  <td className="ks-table-number">{intl.formatMessage({ id: "membership.gifters.gift_count" }, { count: gifter.gifts })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination currentPage={page} totalPages={totalPages} totalResultsCount={totalGifters} hrefForPage={(target) => link("web_members_gifters", target > 1 ? { page: target } : {})} />
    </section>
  );
}
