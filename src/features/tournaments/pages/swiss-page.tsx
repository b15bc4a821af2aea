import { errorCodeOf, TournamentActionForm, TournamentError, TournamentFacts, TournamentPodium } from "./tournament-parts.tsx";
import { data } from "react-router";
import type { Route } from "./+types/swiss-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { ArenaCountdown } from "./arena-countdown.tsx";
import { pointsText, SwissCrosstable } from "./swiss-crosstable.tsx";
import { useTournamentLive } from "./use-tournament-live.ts";
import "../tournaments.css";

/**
 * /tournament/live/{url}: a Swiss (issue 26 item 2, decision 0078). Its
 * facts, joining and withdrawing (plain forms), the crosstable with the
 * tie-breaks, and every round's pairings and results; polled while it runs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const match = requirePage(request);
  const swiss = await context.services.swiss.swissByUrl(match.params.url ?? match.params.id ?? "");
  if (!swiss) throw data(null, { status: 404 });
  const viewerId = context.viewer.isLoggedIn ? context.viewer.id : null;
  const [view, live] = await Promise.all([context.services.swissViews.view(swiss), context.services.swissViews.live(swiss, viewerId)]);
  return { view, live, error: errorCodeOf(request) };
}

const resultText = (result: string | null) => (result === null ? "*" : result === "1/2-1/2" ? "½–½" : result === "*" ? "–" : result.replace("-", "–"));

export default function SwissPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { view, error } = loaderData;
  const live = useTournamentLive(`/callback/tournament/swiss/${view.url}/live`, loaderData.live);
  const { viewer } = live;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = (what: "join" | "withdraw") => `/callback/tournament/swiss/${view.url}/${what}`;
  const open = live.status !== "finished" && live.currentRound < live.rounds;
  const podium = live.status === "finished" ? live.standings.slice(0, 3) : [];
  return (
    <section className="ks-page ks-arena ks-swiss" aria-labelledby="page-title">
      <PageHeader title={view.name}>
        <TournamentFacts view={view} kind={text("tournaments.swiss.kind")} length={text("tournaments.swiss.rounds", { rounds: view.rounds })} players={live.players} />
      </PageHeader>
      {view.description && <p className="ks-arena__description">{view.description}</p>}
      {live.status === "upcoming" ? (
        <ArenaCountdown status="upcoming" startsAt={view.startsAt} endsAt={view.endsAt} serverNow={live.now} />
      ) : (
        <p className="ks-arena__countdown" role="status">
          {live.status === "finished" ? text("tournaments.swiss.finished") : text("tournaments.swiss.round_of", { round: live.currentRound, rounds: live.rounds })}
        </p>
      )}
      <TournamentError code={error} />
      <div className="ks-arena__actions">
        {viewer.signedIn && open && (!viewer.joined || viewer.status === "withdrawn") && (
          <TournamentActionForm action={action("join")} label={text(viewer.joined ? "tournaments.arena.resume" : "tournaments.arena.join")} primary />
        )}
        {viewer.joined && live.status !== "finished" && viewer.status !== "withdrawn" && (
          <TournamentActionForm action={action("withdraw")} label={text("tournaments.arena.withdraw")} />
        )}
        {!viewer.signedIn && open && <a href={link("web_security_login")}>{text("tournaments.arena.sign_in_to_join")}</a>}
        {viewer.canEdit && <a href={link("web_play_create_tournament", { id: String(view.id) })}>{text("tournaments.swiss.edit")}</a>}
      </div>
      {live.status === "running" && live.currentRound > 0 && <p className="ks-muted">{text("tournaments.swiss.late_join")}</p>}
      {viewer.gameId !== null && (
        <p className="ks-arena__your-game" role="status">
          <a className="ks-button ks-button-primary" href={link("web_game_live", { id: String(viewer.gameId) })}>
            {text("tournaments.arena.your_game")}
          </a>
        </p>
      )}
      <TournamentPodium id="swiss-podium" standings={podium} score={pointsText} />
      <section aria-labelledby="swiss-standings">
        <h2 id="swiss-standings">{text("tournaments.swiss.crosstable")}</h2>
        <SwissCrosstable standings={live.standings} rounds={live.rounds} />
      </section>
      <section aria-labelledby="swiss-rounds">
        <h2 id="swiss-rounds">{text("tournaments.swiss.pairings")}</h2>
        {live.roundsPlayed.length === 0 && <p className="ks-muted">{text("tournaments.swiss.no_rounds")}</p>}
        {[...live.roundsPlayed].reverse().map((round) => (
          <section key={round.round} aria-labelledby={`swiss-round-${round.round}`} className="ks-swiss__round">
            <h3 id={`swiss-round-${round.round}`}>{text("tournaments.swiss.round", { round: round.round })}</h3>
            <table className="ks-arena__table" data-testid={`swiss-round-${round.round}`}>
              <thead>
                <tr>
                  <th scope="col">{text("tournaments.swiss.board")}</th>
                  <th scope="col">{text("tournaments.swiss.white")}</th>
                  <th scope="col">{text("tournaments.swiss.result")}</th>
                  <th scope="col">{text("tournaments.swiss.black")}</th>
                </tr>
              </thead>
              <tbody>
                {round.pairings.map((pairing) => (
                  <tr key={pairing.board}>
                    <td>{pairing.board}</td>
                    <td>{pairing.white}</td>
                    <td>{pairing.gameId === null ? resultText(pairing.result) : <a href={link("web_game_live", { id: String(pairing.gameId) })}>{resultText(pairing.result)}</a>}</td>
                    <td>{pairing.black}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {round.bye && <p className="ks-muted">{text("tournaments.swiss.bye", { username: round.bye })}</p>}
          </section>
        ))}
      </section>
    </section>
  );
}
