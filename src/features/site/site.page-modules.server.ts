import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { sitePages } from "./site.pages.ts";

const siteTextPage = "features/site/pages/site-text-page.tsx";

export const sitePageModules: Readonly<Record<(typeof sitePages)[number]["name"], RouteModule>> = {
  web_about: { file: siteTextPage },
  web_community_policies: { file: siteTextPage },
  web_community_guidelines: { file: siteTextPage },
  web_help: { file: siteTextPage },
};
