import { ANY_PATH, DIGITS, USERNAME, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The clubs feature's pages, its forum's, chat's, notes' and events' among them. Their modules: clubs.page-modules.server.ts. */
export const clubsPages = [
  { name: "web_clubs", path: "/clubs" },
  { name: "web_clubs_find", path: "/clubs/find" },
  { name: "web_clubs_search", path: "/clubs/search", query: ["q"] },
  { name: "web_clubs_home", path: "/clubs/home/{username}", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_clubs_members_invite", path: "/clubs/members/invite" },
  { name: "web_clubs_edit", path: "/clubs/edit/{url}" },
  { name: "web_clubs_members", path: "/clubs/members/{url}" },
  { name: "web_clubs_events", path: "/clubs/events/{url}", query: ["page"] },
  { name: "web_clubs_current_events", path: "/clubs/currentevents/{url}", query: ["page"] },
  { name: "web_clubs_past_events", path: "/clubs/pastevents/{url}", query: ["page"] },
  { name: "web_clubs_upcoming_events", path: "/clubs/upcomingevents/{url}", query: ["page"] },
  { name: "web_clubs_forum_view", path: "/clubs/forum/view/{url}", requirements: { url: ANY_PATH } },
  { name: "web_clubs_forum", path: "/clubs/forum/{url}" },
  { name: "web_club_chat", path: "/club/chat/{url}" },
  { name: "web_club_notes", path: "/club/notes/{url}" },
  { name: "web_club_join_by_id", path: "/club/id/{id}/join/{secret}", requirements: { id: DIGITS }, optional: ["secret"], secrets: ["secret"] },
  { name: "web_club_join", path: "/club/{url}/join/{secret}", optional: ["secret"], secrets: ["secret"] },
  { name: "web_club", path: "/club/{url}" },
] as const satisfies readonly PageRouteDefinition[];
