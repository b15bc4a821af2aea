import { errorCodeOf, TournamentActionForm, TournamentError, TournamentFacts, TournamentPodium } from "./tournament-parts.tsx";
import { data, redirect } from "react-router";
import type { Route } from "./+types/arena-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { ArenaCountdown } from "./arena-countdown.tsx";
import { ArenaStandingsTable } from "./arena-standings-table.tsx";
import { BerserkButton } from "./berserk-button.tsx";
import { useTournamentLive } from "./use-tournament-live.ts";
import "../tournaments.css";

/**
 * An arena (issue 26 item 1): its facts, the countdown to its start or end,
 * joining, pausing and withdrawing (plain forms), the live standings with
 * fire marks and the games to watch (polled: decision 0047), the podium at
 * the end. No board code: the games to watch are links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const match = requirePage(request);
  const url = match.params.url ?? match.params.id ?? "";
  const arena = await context.services.arenas.arenaByUrl(url);
  if (!arena) {
    // /tournament/{url} names any tournament: a Swiss's lives at /tournament/live/{url} (decision 0078).
    if (match.route.name === "web_tournament" && (await context.services.swiss.swissByUrl(url))) throw redirect(generateLink("web_tournament_live", { url }));
    throw data(null, { status: 404 });
  }
  const viewerId = context.viewer.isLoggedIn ? context.viewer.id : null;
  const [view, live] = await Promise.all([context.services.arenaViews.view(arena), context.services.arenaViews.live(arena, viewerId)]);
  return { view, live, error: errorCodeOf(request) };
}

export default function ArenaPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { view, error } = loaderData;
  const live = useTournamentLive(`/callback/tournament/arena/${view.url}/live`, loaderData.live);
  const { viewer } = live;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = (what: "join" | "pause" | "withdraw") => `/callback/tournament/arena/${view.url}/${what}`;
  const open = live.status === "upcoming" || live.status === "running";
  const podium = live.status === "finished" ? live.standings.slice(0, 3) : [];
  return (
    <section className="ks-page ks-arena" aria-labelledby="page-title">
      <PageHeader title={view.name}>
        <TournamentFacts view={view} kind={text("tournaments.arena.kind")} length={text("tournaments.arena.duration", { minutes: view.durationMinutes })} players={live.players} />
      </PageHeader>
      {view.description && <p className="ks-arena__description">{view.description}</p>}
      <ArenaCountdown status={live.status} startsAt={view.startsAt} endsAt={view.endsAt} serverNow={live.now} />
      <TournamentError code={error} />
      <div className="ks-arena__actions">
        {viewer.signedIn && open && (!viewer.joined || viewer.status !== "active") && (
          <TournamentActionForm action={action("join")} label={text(viewer.joined ? "tournaments.arena.resume" : "tournaments.arena.join")} primary />
        )}
        {viewer.joined && open && viewer.status === "active" && live.status === "running" && (
          <TournamentActionForm action={action("pause")} label={text("tournaments.arena.pause")} />
        )}
        {viewer.joined && open && viewer.status !== "withdrawn" && (
          <TournamentActionForm action={action("withdraw")} label={text("tournaments.arena.withdraw")} />
        )}
        {!viewer.signedIn && open && <a href={link("web_security_login")}>{text("tournaments.arena.sign_in_to_join")}</a>}
        {viewer.canEdit && <a href={link("web_play_create_tournament", { id: String(view.id) })}>{text("tournaments.arena.edit")}</a>}
      </div>
      {viewer.gameId !== null && (
        <p className="ks-arena__your-game" role="status">
          <a className="ks-button ks-button-primary" href={link("web_game_live", { id: String(viewer.gameId) })}>
            {text("tournaments.arena.your_game")}
          </a>{" "}
          {!viewer.berserked && <BerserkButton gameId={viewer.gameId} />}
        </p>
      )}
      <TournamentPodium id="arena-podium" standings={podium} score={(points) => text("tournaments.arena.points", { points })} />
      <div className="ks-arena__layout">
        <section aria-labelledby="arena-standings">
          <h2 id="arena-standings">{text("tournaments.arena.standings")}</h2>
          <ArenaStandingsTable standings={live.standings} />
        </section>
        <section aria-labelledby="arena-games">
          <h2 id="arena-games">{text("tournaments.arena.games")}</h2>
          {live.games.length === 0 ? (
            <p className="ks-muted">{text("tournaments.arena.no_games")}</p>
          ) : (
            <ul className="ks-arena__games">
              {live.games.map((game) => (
                <li key={game.gameId}>
                  <a href={link("web_game_live", { id: String(game.gameId) })}>
                    {game.white}
                    {game.whiteBerserk ? " ⚔" : ""} – {game.black}
                    {game.blackBerserk ? " ⚔" : ""}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
