import { ActionForm } from "../components/challenge-row.tsx";
import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { StartCountdown } from "../components/start-countdown.tsx";
import { TermsSummary } from "../components/terms-summary.tsx";
import type { BoardView } from "../team-matches.schema.ts";
import "../team-matches.css";
import type { Route } from "./+types/team-match-page";

/** How often an open page reads the match again while it is registering or played. */
const REFRESH_MS = 15_000;

const errorIds: Readonly<Record<string, string>> = {
  member_of_both_clubs: "team_matches.error.member_of_both_clubs",
  not_in_either_club: "team_matches.error.not_in_either_club",
  rating_too_low: "team_matches.error.rating_too_low",
  rating_too_high: "team_matches.error.rating_too_high",
  registration_closed: "team_matches.error.registration_closed",
  already_joined: "team_matches.error.already_joined",
  not_joined: "team_matches.error.not_joined",
  not_allowed: "team_matches.error.not_allowed",
  player_not_found: "team_matches.error.player_not_found",
};

/** /club/matches/{match} (spec 000 §2; decision 0072): a team match's terms, players, boards and score. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const id = Number(params.match);
  const match = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await context.services.teamMatches.view(id) : null;
  if (!match) throw data(null, { status: 404 });
  const viewerId = context.viewer.isLoggedIn ? context.viewer.id : null;
  const options = await context.services.teamMatches.viewerOptions(id, viewerId);
  const error = new URL(request.url).searchParams.get("error");
  const here = generateLink("web_club_match", { match: String(id) }, { locale: page.pathLocale });
  const gamePath = (gameId: number) => generateLink(match.terms.kind === "daily" ? "web_game" : "web_game_live", { id: String(gameId) }, { locale: page.pathLocale });
  const gamePaths = Object.fromEntries(match.boards.flatMap((board) => board.games.flatMap((game) => (game.gameId === null ? [] : [[String(game.gameId), gamePath(game.gameId)]]))));
  return { match, here, gamePaths, signedIn: viewerId !== null, ...options, errorMessageId: error ? (errorIds[error] ?? "team_matches.error.not_allowed") : null };
}


export default function TeamMatchPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { match, here, gamePaths, signedIn, joined, runsAClub, errorMessageId } = loaderData;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const revalidator = useRevalidator();
  const open = match.status === "registration" || match.status === "starting" || match.status === "in_progress";
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, revalidator]);
  const points = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  const boardScore = (board: BoardView, side: "a" | "b") => board.games.reduce((sum, game) => sum + (game.pointsA === null ? 0 : side === "a" ? game.pointsA : 1 - game.pointsA), 0);
  return (
    <section className="ks-page ks-team-matches" aria-labelledby="page-title">
      <PageHeader title={match.name} />
      <p>
        <strong data-testid="match-status">{t(`team_matches.match.status.${match.status}`)}</strong> · <TermsSummary terms={match.terms} startedAt={match.startedAt} />
      </p>
      {match.status === "registration" && <StartCountdown startsAt={match.terms.startsAt} />}
      {errorMessageId && (
        <p className="ks-form-error" role="alert">
          {t(errorMessageId)}
        </p>
      )}
      <div className="ks-team-matches__score" aria-label={t("team_matches.match.score")} data-testid="match-score">
        <a href={generateLink("web_club", { url: match.clubA.url })}>{match.clubA.name}</a>
        <span>
          {points(match.scoreA)} – {points(match.scoreB)}
        </span>
        <a href={generateLink("web_club", { url: match.clubB.url })}>{match.clubB.name}</a>
      </div>
      {/* A <div>, not a <p>: a form may not sit in a paragraph, and the browser's parser would move it out (a hydration mismatch). */}
      {match.status === "registration" && signedIn && (
        <div className="ks-team-matches__actions">
          {joined ? <ActionForm action={`/club/matches/withdraw/${match.id}`} back={here} label={t("team_matches.match.withdraw")} testId="withdraw" /> : <ActionForm action={`/club/matches/join/${match.id}`} back={here} label={t("team_matches.match.join")} testId="join-match" />}
          {runsAClub && <ActionForm action={`/club/matches/start/${match.id}`} back={here} label={t("team_matches.match.start_now")} testId="start-match" />}
        </div>
      )}
      <p>{t("team_matches.match.rules")}</p>
      {match.boards.length > 0 ? (
        <table className="ks-team-matches__boards">
          <caption>{t("team_matches.match.boards")}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{match.clubA.name}</th>
              <th scope="col">{match.clubB.name}</th>
              <th scope="col">{t("team_matches.match.score")}</th>
            </tr>
          </thead>
          <tbody>
            {match.boards.map((board) => (
              <tr key={board.board} data-testid="board">
                <th scope="row">{board.board}</th>
                <td>{board.playerA ? `${board.playerA.username} (${board.playerA.rating ?? ""})` : t("team_matches.match.empty_seat")}</td>
                <td>{board.playerB ? `${board.playerB.username} (${board.playerB.rating ?? ""})` : t("team_matches.match.empty_seat")}</td>
                <td>
                  {points(boardScore(board, "a"))} – {points(boardScore(board, "b"))}{" "}
                  {board.games.map((game, index) =>
                    game.gameId === null ? (
                      <span key={index}>
                        {index > 0 ? ", " : " "}
                        {t("team_matches.match.forfeit")}
                      </span>
                    ) : (
                      <span key={index}>
                        {index > 0 ? ", " : " "}
                        <a href={gamePaths[String(game.gameId)]}>
                          {t("team_matches.match.open_game", { number: index + 1 })}
                          {game.pointsA === null ? ` (${t("team_matches.match.playing")})` : ""}
                        </a>
                      </span>
                    ),
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
          <h2>{t("team_matches.match.players")}</h2>
          {match.players.length === 0 ? (
            <p>{t("team_matches.match.no_players")}</p>
          ) : (
            <ul className="ks-team-matches__players">
              {match.players.map((player) => (
                <li key={player.username}>
                  {player.username} ({player.rating}) · {player.side === "a" ? match.clubA.name : match.clubB.name}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
