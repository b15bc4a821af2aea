import { Suspense, useEffect, useState, type MouseEvent } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/leaderboard-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { CountrySelect } from "../../../ui/country-select.tsx";
import { useFeatureFlags } from "../../../ui/feature-flags-context.tsx";
import { Pagination } from "../../../ui/pagination.tsx";
import { lazyModule } from "../../../ui/lazy-module.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { boardKeys, boards, type BoardDefinition, type BoardKey } from "../leaderboard-boards.ts";
import { leaderboardSearch, rushTimes, type LeaderboardFilter } from "../leaderboard-filters.ts";
import { LinkMenu, type LinkMenuOption } from "./link-menu.tsx";
import { countryChoices, COUNTRY_FORM_CLASS } from "./country-choices.ts";
import { loadLeaderboardPage } from "./leaderboard-loader.server.ts";
import { LEADERBOARD_TABLE_ID, LeaderboardTable, rankHref } from "./leaderboard-table.tsx";
import "../leaderboards.css";

/**
 * A leaderboard (spec 001 §2.1–§2.3): the game-type and filter menus, the
 * leaders 50 a page, pagination in the query string, and the signed-in
 * member's stats beside them. Server-rendered: every choice is a link or a
 * GET form, so it all works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadLeaderboardPage(request, context.viewer, context.services.leaderboards);
  // The server renders the sidebar synchronously, never a streamed fallback.
  if (page.data.sidebar) await statsSidebar.ready();
  return page;
}

/** A page of leaders that could not be loaded in the browser (spec 001 §4.1, §8). */
const loadFailed = { loadFailed: true } as const;

/**
 * Pages after the first are fetched in the browser (spec 001 §2.1: the page
 * goes into the query string and the board refetches). A fetch that fails —
 * the server's 5xx, the network — is the board's error state, not the
 * site's error page; a redirect or a refusal the server decided (404) stays
 * what it is. The document itself is never loaded here (no hydrate).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return loadFailed;
  }
}

/** The signed-in member's stats and chart: a chunk a visitor never downloads (decision 0035). */
const statsSidebar = lazyModule(() => importWithRetry(() => import("./stats-sidebar.tsx")), { preloadIf: isSignedInDocument });
const StatsSidebar = statsSidebar.component("StatsSidebar");

function useBoardHref(): (board: BoardDefinition, search?: string) => string {
  const link = useLinks();
  return (board, search = "") => {
    const { route } = board;
    const path = route.name === "web_leaderboard_live" || route.name === "web_leaderboard_daily" ? link(route.name, { type: route.type }) : link(route.name);
    return path + search;
  };
}

/**
 * The site header sticks to the top of the window, at a height that changes
 * with the width: the table's header row sticks just below it (spec 001
 * §2.1), so the page keeps the header's height in a CSS variable.
 */
function useStickyTop() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>(".ks-header");
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--ks-leaderboard-sticky-top", `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--ks-leaderboard-sticky-top");
    };
  }, []);
}

/** The page a failed load asked for (the URL has it; the loaded data is the page before). */
function askedPage(search: string, fallback: number): number {
  const asked = Number(new URLSearchParams(search).get("page") ?? "1");
  return Number.isInteger(asked) && asked >= 1 ? asked : fallback;
}

type PageData = Exclude<Route.ComponentProps["loaderData"], typeof loadFailed>;

export default function LeaderboardPage({ loaderData }: Route.ComponentProps) {
  // A failed page keeps the board's last loaded controls and shows the error in the table's place.
  const loaded: PageData | null = "loadFailed" in loaderData ? null : loaderData;
  const [lastLoaded, setLastLoaded] = useState(loaded);
  if (loaded && loaded !== lastLoaded) setLastLoaded(loaded);
  const shown = loaded ?? lastLoaded;
  const intl = useIntl();
  useStickyTop();
  if (!shown) return <p className="ks-form-error" role="alert">{intl.formatMessage({ id: "leaderboards.load_error" })}</p>;
  return <LeaderboardView data={shown} failed={loaded === null} />;
}

function LeaderboardView({ data: loaderData, failed }: { readonly data: PageData; readonly failed: boolean }) {
  const { boardKey, query, problem, rows, morePages, club, sidebar } = loaderData;
  const intl = useIntl();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const boardHref = useBoardHref();
  const link = useLinks();
  const board = boards[boardKey];
  const boardName = intl.formatMessage({ id: `leaderboards.board.${boardKey}` });
  // Another page of this board on its way (its links may name the board by its default path): one placeholder row per page item (spec 001 §4.1).
  const loading = navigation.state === "loading" && (navigation.location.pathname === location.pathname || navigation.location.pathname === boardHref(board));
  const pageHref = (page: number) => boardHref(board, leaderboardSearch({ ...query, page }));

  function handlePageChange(page: number) {
    void navigate(pageHref(page));
  }
  const countryCode = query.filter.kind === "country" ? query.filter.code : null;
  const country = countryCode === null ? undefined : countryChoices(intl.locale, intl.formatMessage({ id: "registration.country.international" })).find((option) => option.code === countryCode)?.name;

  function handleBackToTable(event: MouseEvent<HTMLAnchorElement>) {
    const table = document.getElementById(LEADERBOARD_TABLE_ID);
    if (!table) return;
    event.preventDefault();
    table.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  return (
    <div className="ks-page ks-leaderboard-layout">
      <section className="ks-leaderboard-main" aria-labelledby="page-title">
        <PageHeader title={intl.formatMessage({ id: "leaderboards.title" }, { board: boardName })} />
        <LeaderboardControls data={loaderData} />
        {query.filter.kind !== "global" && (
          <p className="ks-muted ks-leaderboard-showing">
            {query.filter.kind === "country" && intl.formatMessage({ id: "leaderboards.showing.country" }, { country: country ?? query.filter.code })}
            {query.filter.kind === "group" && intl.formatMessage({ id: "leaderboards.showing.group" }, { club: club?.name ?? "" })}
            {query.filter.kind === "friends" && intl.formatMessage({ id: "leaderboards.showing.friends" })}
            {query.filter.kind === "verified" && intl.formatMessage({ id: "leaderboards.showing.verified" })}
          </p>
        )}
        {problem && (
          <p className="ks-form-error ks-leaderboard-problem" role="alert">{intl.formatMessage({ id: `leaderboards.problem.${problem}` })}</p>
        )}
        {failed && !loading ? (
          <p className="ks-form-error ks-leaderboard-problem" role="alert">{intl.formatMessage({ id: "leaderboards.load_error" })}</p>
        ) : !problem && rows.length === 0 && !loading ? (
          <div className="ks-empty-state" role="status">
            <p className="ks-empty-title">{intl.formatMessage({ id: "leaderboards.empty" })}</p>
          </div>
        ) : (
          !problem && (
            <div className="ks-card ks-leaderboard-card">
              <LeaderboardTable board={board} rows={rows} loading={loading} />
            </div>
          )
        )}
        {!problem && (
          <Pagination
            currentPage={failed ? askedPage(location.search, query.page) : query.page}
            morePages={failed || morePages}
            hrefForPage={pageHref}
            onPageChange={handlePageChange}
            label={intl.formatMessage({ id: "leaderboards.pagination" })}
          />
        )}
        {rows.length > 10 && !failed && (
          <p className="ks-leaderboard-back">
            <a href={`#${LEADERBOARD_TABLE_ID}`} onClick={handleBackToTable}>{intl.formatMessage({ id: "leaderboards.back_to_table" })}</a>
          </p>
        )}
      </section>
      {sidebar && (
        <Suspense fallback={null}>
          <StatsSidebar stats={sidebar} statsHref={rankHref(board, sidebar.username, link)} />
        </Suspense>
      )}
    </div>
  );
}

/** The game-type menu, the filter menu (global, verified, friends, the viewer's clubs), puzzle rush's time menu and the country form. */
function LeaderboardControls({ data: loaderData }: { readonly data: PageData }) {
  const intl = useIntl();
  const flags = useFeatureFlags();
  const boardHref = useBoardHref();
  const { boardKey, query, canUseFriends, groups } = loaderData;
  const countries = countryChoices(intl.locale, intl.formatMessage({ id: "registration.country.international" }));
  const board = boards[boardKey];
  const here = (filter: LeaderboardFilter, rushTime = query.rushTime) => boardHref(board, leaderboardSearch({ filter, rushTime }));

  const typeOptions: LinkMenuOption[] = boardKeys.map((key: BoardKey) => ({ value: key, label: intl.formatMessage({ id: `leaderboards.board.${key}` }), href: boardHref(boards[key]) }));
  const filterOptions: LinkMenuOption[] = [
    { value: "global", label: intl.formatMessage({ id: "leaderboards.filter.global" }), href: here({ kind: "global" }) },
    ...(flags.hide_verified_link === true ? [] : [{ value: "verified", label: intl.formatMessage({ id: "leaderboards.filter.verified" }), href: here({ kind: "verified" }) }]),
    ...(canUseFriends ? [{ value: "friends", label: intl.formatMessage({ id: "leaderboards.filter.friends" }), href: here({ kind: "friends" }) }] : []),
    ...groups.map((group) => ({ value: `group:${group.id}`, label: intl.formatMessage({ id: "leaderboards.filter.group" }, { name: group.name }), href: here({ kind: "group", clubId: group.id }) })),
  ];
  const selectedFilter = query.filter.kind === "group" ? `group:${query.filter.clubId}` : query.filter.kind;
  const rushFriends = query.filter.kind === "friends";
  const rushOptions: LinkMenuOption[] = [false, ...(canUseFriends ? [true] : [])].flatMap((friends) =>
    rushTimes.map((time) => ({
      value: `${friends ? "friends_" : ""}${time}`,
      label: intl.formatMessage({ id: `leaderboards.rush.${friends ? "friends_" : ""}${time}` }),
      href: here(friends ? { kind: "friends" } : { kind: "global" }, time),
    })),
  );

  return (
    <div className="ks-card ks-leaderboard-controls">
      <LinkMenu label={intl.formatMessage({ id: "leaderboards.game_type" })} options={typeOptions} selectedValue={boardKey} />
      {board.kind === "puzzle_rush" ? (
        <LinkMenu label={intl.formatMessage({ id: "leaderboards.filter.rush_time" })} options={rushOptions} selectedValue={`${rushFriends ? "friends_" : ""}${query.rushTime ?? "all_time"}`} />
      ) : (
        <LinkMenu label={intl.formatMessage({ id: "leaderboards.filter" })} options={filterOptions} selectedValue={query.filter.kind === "country" ? null : selectedFilter} placeholder={intl.formatMessage({ id: "leaderboards.filter.country" })} />
      )}
      <form method="get" action={boardHref(board)} className={COUNTRY_FORM_CLASS}>
        <label className="ks-field">
          {intl.formatMessage({ id: "leaderboards.filter.country" })}
          <CountrySelect countries={[{ code: "", name: intl.formatMessage({ id: "leaderboards.filter.country_any" }) }, ...countries]} defaultValue={query.filter.kind === "country" ? query.filter.code : ""} required />
        </label>
        <button type="submit" className="ks-button">{intl.formatMessage({ id: "leaderboards.filter.country_apply" })}</button>
      </form>
    </div>
  );
}
