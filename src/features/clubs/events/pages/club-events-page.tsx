import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { Pagination } from "../../../../ui/pagination.tsx";
import { clubEventTypes, type ClubEventGroup, type ClubEventList } from "../club-events.schema.ts";
import type { Route } from "./+types/club-events-page";
import "./club-events.css";

const groupByRoute: Readonly<Record<string, ClubEventGroup | "all">> = {
  web_clubs_events: "all",
  web_clubs_current_events: "current",
  web_clubs_past_events: "past",
  web_clubs_upcoming_events: "upcoming",
};

/** On the overview, each group shows its first few events. */
const OVERVIEW_PER_GROUP = 5;

/**
 * /clubs/events/{url} (current, upcoming and past together) and
 * /clubs/currentevents/{url}, /clubs/pastevents/{url},
 * /clubs/upcomingevents/{url} (one group, a page at a time): the club's
 * events of every type of spec 001 §3.9, public like the club page. Until
 * the event features exist the lists are empty, and the page says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const shown = groupByRoute[page.route.name];
  if (!shown) throw data(null, { status: 404 });
  const club = await context.services.clubAccess.findClub(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  const pageNumber = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const groups: ClubEventGroup[] = shown === "all" ? ["current", "upcoming", "past"] : [shown];
  const lists = await Promise.all(groups.map((group) => context.services.clubEvents.list(club.id, group, clubEventTypes, shown === "all" ? 1 : pageNumber, shown === "all" ? OVERVIEW_PER_GROUP : undefined)));
  return { club: { id: club.id, url: club.url, name: club.name }, shown, lists };
}

export default function ClubEventsPage({ loaderData }: Route.ComponentProps) {
  const { club, shown, lists } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const titles = {
    all: intl.formatMessage({ id: "clubEvents.page.title" }, { club: club.name }),
    current: intl.formatMessage({ id: "clubEvents.page.title.current" }, { club: club.name }),
    past: intl.formatMessage({ id: "clubEvents.page.title.past" }, { club: club.name }),
    upcoming: intl.formatMessage({ id: "clubEvents.page.title.upcoming" }, { club: club.name }),
  };
  const groupLinks = {
    current: link("web_clubs_current_events", { url: club.url }),
    upcoming: link("web_clubs_upcoming_events", { url: club.url }),
    past: link("web_clubs_past_events", { url: club.url }),
  };
  const notBuilt = lists.some((list) => list.unavailableTypes.length > 0);
  return (
    <section className="ks-page ks-club-events" aria-labelledby="page-title">
      <PageHeader title={titles[shown]}>
        <nav className="ks-club-events__nav" aria-label={intl.formatMessage({ id: "clubEvents.nav_label" })}>
          <a href={link("web_club", { url: club.url })}>{intl.formatMessage({ id: "clubEvents.back_to_club" })}</a>
          <a href={link("web_clubs_events", { url: club.url })} aria-current={shown === "all" ? "page" : undefined}>
            {intl.formatMessage({ id: "clubEvents.page.title" }, { club: club.name })}
          </a>
          <a href={groupLinks.current} aria-current={shown === "current" ? "page" : undefined}>
            {intl.formatMessage({ id: "clubEvents.group.current" })}
          </a>
          <a href={groupLinks.upcoming} aria-current={shown === "upcoming" ? "page" : undefined}>
            {intl.formatMessage({ id: "clubEvents.group.upcoming" })}
          </a>
          <a href={groupLinks.past} aria-current={shown === "past" ? "page" : undefined}>
            {intl.formatMessage({ id: "clubEvents.group.past" })}
          </a>
        </nav>
      </PageHeader>
      {notBuilt && <p className="ks-muted">{intl.formatMessage({ id: "clubEvents.not_built" })}</p>}
      {lists.map((list) => (
        <EventGroup key={list.group} list={list} heading={shown === "all"} seeAll={shown === "all" ? groupLinks[list.group] : null} clubUrl={club.url} paged={shown !== "all"} />
      ))}
    </section>
  );
}

function EventGroup({ list, heading, seeAll, clubUrl, paged }: { list: ClubEventList; heading: boolean; seeAll: string | null; clubUrl: string; paged: boolean }) {
  const intl = useIntl();
  const link = useLinks();
  const headingId = `club-events-${list.group}`;
  const groupTitle = {
    current: intl.formatMessage({ id: "clubEvents.group.current" }),
    past: intl.formatMessage({ id: "clubEvents.group.past" }),
    upcoming: intl.formatMessage({ id: "clubEvents.group.upcoming" }),
  }[list.group];
  const empty = {
    current: intl.formatMessage({ id: "clubEvents.empty.current" }),
    past: intl.formatMessage({ id: "clubEvents.empty.past" }),
    upcoming: intl.formatMessage({ id: "clubEvents.empty.upcoming" }),
  }[list.group];
  const typeLabels: Readonly<Record<string, string>> = {
    arena: intl.formatMessage({ id: "clubEvents.type.arena" }),
    daily_team_match: intl.formatMessage({ id: "clubEvents.type.daily_team_match" }),
    live_tournament: intl.formatMessage({ id: "clubEvents.type.live_tournament" }),
    team_match: intl.formatMessage({ id: "clubEvents.type.team_match" }),
    vote_chess_games: intl.formatMessage({ id: "clubEvents.type.vote_chess_games" }),
    multi_club_arena: intl.formatMessage({ id: "clubEvents.type.multi_club_arena" }),
  };
  const statusLabels: Readonly<Record<string, string>> = {
    advancing: intl.formatMessage({ id: "clubEvents.status.advancing" }),
    cancelled: intl.formatMessage({ id: "clubEvents.status.cancelled" }),
    closed: intl.formatMessage({ id: "clubEvents.status.closed" }),
    finished: intl.formatMessage({ id: "clubEvents.status.finished" }),
    in_progress: intl.formatMessage({ id: "clubEvents.status.in_progress" }),
    registration: intl.formatMessage({ id: "clubEvents.status.registration" }),
    scheduled: intl.formatMessage({ id: "clubEvents.status.scheduled" }),
  };
  const totalPages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const routeName = list.group === "current" ? "web_clubs_current_events" : list.group === "past" ? "web_clubs_past_events" : "web_clubs_upcoming_events";
  return (
    <section className="ks-card ks-club-events__group" aria-labelledby={heading ? headingId : "page-title"}>
      {heading && (
        <h2 id={headingId}>
          {groupTitle} <span className="ks-muted">({intl.formatMessage({ id: "clubEvents.group.count" }, { count: list.total })})</span>
        </h2>
      )}
      {list.events.length === 0 ? (
        <p className="ks-muted">{empty}</p>
      ) : (
        <div className="ks-club-events__table-wrap">
          <table className="ks-club-events__table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: "clubEvents.column.event" })}</th>
                <th scope="col">{intl.formatMessage({ id: "clubEvents.column.type" })}</th>
                <th scope="col">{intl.formatMessage({ id: "clubEvents.column.status" })}</th>
                <th scope="col">{intl.formatMessage({ id: "clubEvents.column.starts" })}</th>
                <th scope="col">{intl.formatMessage({ id: "clubEvents.column.players" })}</th>
              </tr>
            </thead>
            <tbody>
              {list.events.map((event) => (
                <tr key={`${event.type}:${event.id}`}>
                  <td>{event.path ? <a href={event.path}>{event.name}</a> : event.name}</td>
                  <td>{typeLabels[event.type] ?? event.type}</td>
                  <td>{statusLabels[event.status] ?? event.status}</td>
                  <td>{event.startsAt ? intl.formatDate(new Date(event.startsAt), { dateStyle: "medium", timeStyle: "short" }) : ""}</td>
                  <td>{intl.formatNumber(event.participants)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {seeAll && list.total > list.events.length && <a href={seeAll}>{intl.formatMessage({ id: "clubEvents.group.see_all" })}</a>}
      {paged && (
        <Pagination
          currentPage={list.page}
          totalPages={totalPages}
          hrefForPage={(pageNumber) => link(routeName, pageNumber > 1 ? { url: clubUrl, page: pageNumber } : { url: clubUrl })}
          label={intl.formatMessage({ id: "clubEvents.pages" })}
        />
      )}
    </section>
  );
}
