import { data, redirect } from "react-router";
import type { Route } from "./+types/tournament-results-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { pointsText } from "./swiss-crosstable.tsx";
import "../tournaments.css";

/** /stats/tournaments/{username}: the member's tournaments and places (issue 26 item 7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const match = requirePage(request);
  const viewer = context.viewer;
  const here = new URL(request.url);
  const username = match.params.username || (viewer.isLoggedIn && !viewer.isGuest ? viewer.username : null);
  if (!username) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here.pathname }));
  const member = await context.services.memberDirectory.memberByUsername(username);
  if (!member) throw data(null, { status: 404 });
  return { username: member.username, results: await context.services.arenaViews.resultsOf(member.id) };
}

export default function TournamentResultsPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { username, results } = loaderData;
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "tournaments.results.title" }, { username })}>
        <p>
          <a href={link("web_stats", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "tournaments.results.all_stats" })}</a>
        </p>
      </PageHeader>
      {results.length === 0 ? (
        <p className="ks-muted">{intl.formatMessage({ id: "tournaments.results.none" })}</p>
      ) : (
        // Five columns are wider than a phone: the table scrolls inside its box, never the page.
        <div className="ks-swiss__scroll">
          <table className="ks-arena__table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: "tournaments.results.tournament" })}</th>
                <th scope="col">{intl.formatMessage({ id: "tournaments.results.date" })}</th>
                <th scope="col">{intl.formatMessage({ id: "tournaments.results.place" })}</th>
                <th scope="col">{intl.formatMessage({ id: "tournaments.arena.score" })}</th>
                <th scope="col">{intl.formatMessage({ id: "tournaments.results.games" })}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((result) => (
                <tr key={result.url}>
                  <td>
                    <a href={result.kind === "swiss" ? link("web_tournament_live", { url: result.url }) : link("web_tournament_live_arena", { url: result.url })}>{result.name}</a> <span className="ks-muted">{result.control}</span>
                  </td>
                  <td>{intl.formatDate(new Date(result.startsAt), { dateStyle: "medium", timeZone: "UTC" })}</td>
                  <td>{result.rank === null ? "–" : intl.formatMessage({ id: "tournaments.results.place_of" }, { place: result.rank, players: result.players })}</td>
                  <td>{result.kind === "swiss" ? pointsText(result.score) : result.score}</td>
                  <td>{result.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
