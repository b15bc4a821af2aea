import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { homePages } from "./home.pages.ts";

export const homePageModules: Readonly<Record<(typeof homePages)[number]["name"], RouteModule>> = {
  web_home: { file: "features/home/pages/home-page.tsx" },
};
