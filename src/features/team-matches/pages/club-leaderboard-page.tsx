import { data } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { CLUB_LEADERBOARD_MAX_PAGE } from "../team-match-leaderboards.service.server.ts";
import "../team-matches.css";
import type { Route } from "./+types/club-leaderboard-page";

/**
 * /club/leaderboard/{url} (daily team matches) and
 * /club/leaderboard/{url}/live-matches (spec 000 §2; decision 0076): the
 * club's members ranked by the points they scored for it, with their win
 * rate. The page number is in the query (digits; anything else is a 400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const match = requirePage(request);
  const club = await context.services.clubAccess.findClub(match.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const kind = match.route.name === "web_club_leaderboard_live_matches" ? ("live" as const) : ("daily" as const);
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (page < 1 || page > CLUB_LEADERBOARD_MAX_PAGE) throw data(null, { status: 400 });
  const board = await context.services.teamMatchLeaderboards.clubLeaderboard(club.id, kind, page);
  return { club: { url: club.url, name: club.name }, kind, board, locale: match.pathLocale };
}

export default function ClubLeaderboardPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { club, kind, board } = loaderData;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const routeName = kind === "live" ? "web_club_leaderboard_live_matches" : "web_club_leaderboard";
  const points = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  return (
    <section className="ks-page ks-team-matches" aria-labelledby="page-title">
      <PageHeader title={t(kind === "live" ? "team_matches.leaderboard.title_live" : "team_matches.leaderboard.title_daily", { club: club.name })} />
      <nav className="ks-team-matches__tabs" aria-label={t("team_matches.leaderboard.kinds")}>
        <a href={link("web_club", { url: club.url })}>{club.name}</a>
        <a href={link("web_club_leaderboard", { url: club.url })} aria-current={kind === "daily" ? "page" : undefined}>
          {t("team_matches.leaderboard.daily")}
        </a>
        <a href={link("web_club_leaderboard_live_matches", { url: club.url })} aria-current={kind === "live" ? "page" : undefined}>
          {t("team_matches.leaderboard.live")}
        </a>
      </nav>
      {board.leaders.length === 0 ? (
        <p data-testid="leaderboard-empty">{t("team_matches.leaderboard.empty")}</p>
      ) : (
        <table className="ks-table ks-team-matches__boards" data-testid="club-leaderboard">
          <caption className="ks-visually-hidden">{t("team_matches.leaderboard.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("team_matches.leaderboard.player")}</th>
              <th scope="col">{t("team_matches.leaderboard.points")}</th>
              <th scope="col">{t("team_matches.leaderboard.won")}</th>
              <th scope="col">{t("team_matches.leaderboard.draw")}</th>
              <th scope="col">{t("team_matches.leaderboard.lost")}</th>
              <th scope="col">{t("team_matches.leaderboard.win_rate")}</th>
            </tr>
          </thead>
          <tbody>
            {board.leaders.map((row) => (
              <tr key={row.username} data-testid="club-leader">
                <td>#{row.rank}</td>
                <th scope="row">
                  <a href={link("web_member_profile", { username: row.username.toLowerCase() })}>{row.username}</a>
                </th>
                <td>{points(row.points)}</td>
                <td>{intl.formatNumber(row.wins)}</td>
                <td>{intl.formatNumber(row.draws)}</td>
                <td>{intl.formatNumber(row.losses)}</td>
                <td>{intl.formatNumber(row.winRate / 100, { style: "percent", maximumFractionDigits: 1 })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        currentPage={board.page}
        totalPages={board.totalPages}
        hrefForPage={(pageNumber) => link(routeName, pageNumber > 1 ? { url: club.url, page: pageNumber } : { url: club.url })}
        label={t("team_matches.leaderboard.pages")}
      />
    </section>
  );
}
