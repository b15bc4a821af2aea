import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { clubsPages } from "./clubs.pages.ts";

const findPage = "features/clubs/pages/clubs-find-page.tsx";
const eventsPage = "features/clubs/events/pages/club-events-page.tsx";
const joinPage = "features/clubs/pages/club-join-page.tsx";

export const clubsPageModules: Readonly<Record<(typeof clubsPages)[number]["name"], RouteModule>> = {
  web_clubs: { file: "features/clubs/pages/clubs-page.tsx" },
  web_clubs_find: { file: findPage },
  web_clubs_search: { file: findPage },
  web_clubs_home: { file: "features/clubs/pages/clubs-of-member-page.tsx" },
  web_clubs_members_invite: { file: "features/clubs/pages/club-invite-page.tsx" },
  web_clubs_edit: { file: "features/clubs/pages/club-edit-page.tsx" },
  web_clubs_members: { file: "features/clubs/pages/club-members-page.tsx" },
  web_clubs_events: { file: eventsPage },
  web_clubs_current_events: { file: eventsPage },
  web_clubs_past_events: { file: eventsPage },
  web_clubs_upcoming_events: { file: eventsPage },
  web_clubs_forum_view: { file: "features/clubs/forum/pages/club-topic-page.tsx" },
  web_clubs_forum: { file: "features/clubs/forum/pages/club-forum-page.tsx" },
  web_club_chat: { file: "features/clubs/chat/pages/club-chat-page.tsx" },
  web_club_notes: { file: "features/clubs/notes/pages/club-notes-page.tsx" },
  web_club_join_by_id: { file: joinPage },
  web_club_join: { file: joinPage },
  web_club: { file: "features/clubs/pages/club-page.tsx" },
};
