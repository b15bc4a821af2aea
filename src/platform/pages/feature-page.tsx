import { useIntl } from "../i18n/intl.tsx";
import type { Route } from "./+types/feature-page";
import { requirePage } from "./page-loader.server.ts";
import { routeModules } from "../links/route-modules.server.ts";
import { PageHeader } from "./page-header.tsx";

/**
 * The page frame for routes whose feature arrives with a later issue: the real
 * heading and parameters, and an honest empty state. No invented data.
 */
export function loader({ request }: Route.LoaderArgs) {
  const page = requirePage(request);
  return { routeName: page.route.name, feature: routeModules[page.route.name].feature };
}


export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const { routeName, feature } = loaderData;
  const intl = useIntl();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <div className="ks-empty-state" role="status">
        <p className="ks-empty-title">{intl.formatMessage({ id: `feature.${feature}.empty_title` })}</p>
        <p>{intl.formatMessage({ id: `feature.${feature}.empty_text` })}</p>
      </div>
    </section>
  );
}
