import { USERNAME, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The members feature's pages: the landing page, member search and the member's profile. Their modules: members.page-modules.server.ts. */
export const membersPages = [
  { name: "web_root", path: "/" },
  // Spec 000 §2 names q; page is ours (docs/decisions/0024). Members are what can be searched so far.
  { name: "web_search", path: "/search", query: ["q", "page"] },
  { name: "web_member_profile", path: "/member/{username}", requirements: { username: USERNAME } },
] as const satisfies readonly PageRouteDefinition[];
