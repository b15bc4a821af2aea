import { useIntl } from "../i18n/intl.tsx";
import type { Route } from "./+types/feature-page";
import { requirePage } from "./page-loader.server.ts";
import { routeModuleOf } from "../links/route-modules.server.ts";
import { PageHeader } from "./page-header.tsx";

/**
 * The placeholder for routes whose feature a later issue builds (marked
 * `coming` in a feature's page modules, route-modules.server.ts): the route's heading and what is coming
 * there, named. It never blames missing games, clubs or members for an empty
 * page (docs/decisions/0043), and shows no invented data.
 */
export function loader({ request }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { coming } = routeModuleOf(page.route.name);
  if (!coming) throw new Error(`${page.route.name} is served by the placeholder but not marked as coming`);
  return { routeName: page.route.name, coming };
}

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const { routeName, coming } = loaderData;
  const intl = useIntl();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <div className="ks-empty-state" role="status" data-coming={coming}>
        <p className="ks-empty-title">{intl.formatMessage({ id: `coming.title.${coming}` })}</p>
        <p>{intl.formatMessage({ id: `coming.text.${coming}` })}</p>
      </div>
    </section>
  );
}
