import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { membersPages } from "./members.pages.ts";

const homePage = "features/members/pages/home-page.tsx";

export const membersPageModules: Readonly<Record<(typeof membersPages)[number]["name"], RouteModule>> = {
  web_root: { file: homePage },
  web_search: { file: "features/members/search/search-page.tsx" },
  web_member_profile: { file: "features/members/pages/member-page.tsx" },
};
