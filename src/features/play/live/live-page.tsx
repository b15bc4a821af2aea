import { data } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { Route } from "./+types/live-page";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { LiveBoard } from "./live-board.tsx";
import { LIVE_BOARDS, type LiveGameSummary } from "./live-games.schema.ts";
import "./live-page.css";

/** The furthest page a link may ask for (a bigger number is a made-up URL). */
const MAX_PAGE = 1_000;

/**
 * /live (spec 000: "live games"): the live games in progress, the strongest
 * first, server-rendered; the top games of the first page as mini boards
 * that follow the moves over the socket; each links to its game page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE || (raw !== null && !/^[1-9][0-9]*$/.test(raw))) throw data(null, { status: 404 });
  return { live: await context.services.liveGames.gamesInProgress(page) };
}

function useControlText() {
  const intl = useIntl();
  return (game: LiveGameSummary): string =>
    game.control.kind === "live" ? intl.formatMessage({ id: "play.live.control" }, { minutes: intl.formatNumber(game.control.baseSeconds / 60), increment: game.control.incrementSeconds }) : "";
}

function GameTerms({ game }: { game: LiveGameSummary }) {
  const intl = useIntl();
  const controlText = useControlText();
  return (
    <span className="ks-live-terms">
      {controlText(game)} · {intl.formatMessage({ id: game.rated ? "play.live.rated" : "play.live.casual" })}
      {game.rules !== "standard" && ` · ${intl.formatMessage({ id: `play.live.rules.${game.rules}` })}`}
    </span>
  );
}

function PlayerLine({ username, rating }: { username: string; rating: number }) {
  return (
    <span className="ks-live-player">
      <span className="ks-live-player__name">{username}</span> <span className="ks-live-player__rating">({rating})</span>
    </span>
  );
}

export default function LivePage({ loaderData }: Route.ComponentProps) {
  const { live } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const boards = live.page === 1 ? live.games.slice(0, LIVE_BOARDS) : [];
  const rows = live.page === 1 ? live.games.slice(LIVE_BOARDS) : live.games;
  const totalPages = Math.max(1, Math.ceil(live.total / live.perPage));
  const names = (game: LiveGameSummary) => ({ white: game.white.username, black: game.black.username });

  return (
    <section className="ks-page ks-live-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "route.web_live" })}>
        <p className="ks-live-intro">{intl.formatMessage({ id: "play.live.intro" })}</p>
        <p className="ks-live-count">{intl.formatMessage({ id: "play.live.count" }, { count: live.total })}</p>
      </PageHeader>

      {live.total === 0 && (
        <div className="ks-empty-state" role="status">
          <p className="ks-empty-title">{intl.formatMessage({ id: "play.live.empty_title" })}</p>
          <p>{intl.formatMessage({ id: "play.live.empty_text" })}</p>
          <a className="ks-button ks-button-primary" href={link("web_play_new")}>
            {intl.formatMessage({ id: "play.live.play" })}
          </a>
        </div>
      )}

      {boards.length > 0 && (
        <section aria-labelledby="live-top">
          <h2 id="live-top" className="ks-live-heading">
            {intl.formatMessage({ id: "play.live.top_heading" })}
          </h2>
          <ul className="ks-live-boards">
            {boards.map((game) => (
              <li key={game.id} className="ks-live-card">
                <PlayerLine {...game.black} />
                <a href={link("web_game_live", { id: game.id })} className="ks-live-card__board" aria-label={intl.formatMessage({ id: "play.live.watch_game" }, names(game))}>
                  <LiveBoard gameId={game.id} fen={game.fen} version={game.version} label={intl.formatMessage({ id: "play.live.board_label" }, names(game))} />
                </a>
                <PlayerLine {...game.white} />
                <p className="ks-live-card__meta">
                  <GameTerms game={game} />
                  <a className="ks-button" href={link("web_game_live", { id: game.id })}>
                    {intl.formatMessage({ id: "play.live.watch" })}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {rows.length > 0 && (
        <section aria-labelledby="live-list">
          <h2 id="live-list" className="ks-live-heading">
            {intl.formatMessage({ id: "play.live.list_heading" })}
          </h2>
          <ul className="ks-live-rows">
            {rows.map((game) => (
              <li key={game.id} className="ks-live-row">
                <span className="ks-live-row__players">
                  <PlayerLine {...game.white} /> – <PlayerLine {...game.black} />
                </span>
                <GameTerms game={game} />
                <span className="ks-live-row__average">{intl.formatMessage({ id: "play.live.average" }, { rating: game.averageRating })}</span>
                <a className="ks-button" href={link("web_game_live", { id: game.id })} aria-label={intl.formatMessage({ id: "play.live.watch_game" }, names(game))}>
                  {intl.formatMessage({ id: "play.live.watch" })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {totalPages > 1 && (
        <Pagination
          currentPage={live.page}
          totalPages={totalPages}
          hrefForPage={(page) => (page === 1 ? link("web_live") : `${link("web_live")}?page=${page}`)}
          label={intl.formatMessage({ id: "play.live.pages" })}
        />
      )}
    </section>
  );
}
