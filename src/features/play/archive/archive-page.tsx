import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data, redirect } from "react-router";
import type { Route } from "./+types/archive-page";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { resultNotation } from "../../../chess/outcome.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { StaticBoard } from "../board/static-board.tsx";
import { boardOrientation } from "../game-page/board-options.ts";
import {
  ARCHIVE_PAGE_SIZE,
  archiveResults,
  archiveRules,
  archiveSearch,
  archiveTypes,
  parseArchiveQuery,
  type ArchiveQueryState,
  type ArchiveViewChoice,
} from "./archive-filters.ts";
import type { ArchiveGame } from "./archive.schema.ts";
import { gamePgnPath } from "./pgn-path.ts";
import "./archive.css";

/** The callback that saves the member's archiveView (spec 000 §7); the switch posts to it. */
const ARCHIVE_VIEW_CALLBACK = "/callback/user/archive-view";
const DAY_MS = 86_400_000;

/**
 * /games/archive/{username}: a member's finished games, newest first, with
 * filters (type, rules, result, opponent, dates), a grid of final positions
 * or a list (the member's archiveView, switchable), and pagination. Plain
 * links and GET forms: it all works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { params } = requirePage(request);
  const url = new URL(request.url);
  const viewer = context.viewer;
  const archive = context.services.archive;
  // Without a username the archive is the viewer's own; a visitor signs in first.
  const username = params.username ?? (viewer.isLoggedIn ? viewer.username : null);
  if (!username) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: url.pathname + url.search }));
  const member = await archive.memberByUsername(username);
  if (!member) throw data(null, { status: 404 });

  const state = parseArchiveQuery(url.searchParams);
  const opponent = state.opponent ? await archive.memberByUsername(state.opponent) : null;
  const opponentUnknown = state.opponent !== null && opponent === null;
  const selection = {
    type: state.type,
    rules: state.rules,
    result: state.result,
    opponentId: opponent?.id ?? null,
    from: state.from ? new Date(`${state.from}T00:00:00Z`) : null,
    // "To" is the last day shown: games that ended before the next midnight (UTC).
    before: state.to ? new Date(Date.parse(`${state.to}T00:00:00Z`) + DAY_MS) : null,
  };
  const page = opponentUnknown ? { games: [], total: 0 } : await archive.page(member.id, selection, { number: state.page, size: ARCHIVE_PAGE_SIZE });
  const view: ArchiveViewChoice = state.view ?? (viewer.isLoggedIn ? viewer.archiveView : "grid");
  const filtered = Boolean(state.type || state.rules || state.result || state.opponent || state.from || state.to);
  return {
    username: member.username,
    state,
    games: page.games,
    total: page.total,
    view,
    filtered,
    opponentUnknown,
    canSaveView: viewer.isLoggedIn,
    // The viewer's "white always at the bottom" board option (spec 001 §3.6).
    whiteOnBottom: viewer.boardOptions.isWhiteOnBottom,
    returnPath: url.pathname + archiveSearch({ ...state, view: null }),
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function ArchivePage({ loaderData }: Route.ComponentProps) {
  const { username, state, games, total, view, filtered, opponentUnknown, whiteOnBottom } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const path = link("web_games_archive", { username: username.toLowerCase() });
  const totalPages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));

  return (
    <section className="ks-page ks-archive" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "archive.title" }, { username })}>
        <p className="ks-muted" role="status">{intl.formatMessage({ id: "archive.count" }, { count: total })}</p>
      </PageHeader>
      <ArchiveFiltersForm path={path} state={state} />
      <ViewSwitch data={loaderData} path={path} />
      {opponentUnknown && <p className="ks-archive-notice" role="alert">{intl.formatMessage({ id: "archive.opponent_unknown" }, { opponent: state.opponent })}</p>}
      {games.length === 0 ? (
        <div className="ks-empty-state">
          {total > 0 ? (
            <p className="ks-empty-title">
              {intl.formatMessage({ id: "archive.past_last_page" }, { pages: totalPages })}{" "}
              <a href={path + archiveSearch({ ...state, page: 1 })}>{intl.formatMessage({ id: "archive.first_page" })}</a>
            </p>
          ) : (
            <p className="ks-empty-title">{intl.formatMessage({ id: filtered ? "archive.empty_filtered" : "archive.empty" }, { username })}</p>
          )}
        </div>
      ) : view === "grid" ? (
        <ul className="ks-archive-grid" role="list">
          {games.map((game) => (
            <li key={game.id}>
              <GameCard game={game} owner={username} whiteOnBottom={whiteOnBottom} />
            </li>
          ))}
        </ul>
      ) : (
        <GameTable games={games} owner={username} />
      )}
      <Pagination
        className="ks-archive-pagination"
        currentPage={state.page}
        totalPages={totalPages}
        totalResultsCount={total}
        hrefForPage={(page) => path + archiveSearch({ ...state, page })}
        label={intl.formatMessage({ id: "archive.pagination" })}
      />
    </section>
  );
}

function ArchiveFiltersForm({ path, state }: { path: string; state: ArchiveQueryState }) {
  const intl = useIntl();
  const anyLabel = intl.formatMessage({ id: "archive.filter.any" });
  return (
    <form method="get" action={path} className="ks-card ks-archive-filters" aria-label={intl.formatMessage({ id: "archive.filters" })}>
      {state.view && <input type="hidden" name="view" value={state.view} />}
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.type" })}
        <select name="type" defaultValue={state.type ?? ""}>
          <option value="">{anyLabel}</option>
          {archiveTypes.map((type) => (
            <option key={type} value={type}>{intl.formatMessage({ id: `archive.type.${type}` })}</option>
          ))}
        </select>
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.rules" })}
        <select name="rules" defaultValue={state.rules ?? ""}>
          <option value="">{anyLabel}</option>
          {archiveRules.map((rules) => (
            <option key={rules} value={rules}>{intl.formatMessage({ id: `archive.rules.${rules}` })}</option>
          ))}
        </select>
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.result" })}
        <select name="result" defaultValue={state.result ?? ""}>
          <option value="">{anyLabel}</option>
          {archiveResults.map((result) => (
            <option key={result} value={result}>{intl.formatMessage({ id: `archive.result.${result}` })}</option>
          ))}
        </select>
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.opponent" })}
        <input type="text" name="opponent" defaultValue={state.opponent ?? ""} maxLength={25} pattern="[A-Za-z0-9_\-]{3,25}" autoComplete="off" placeholder={intl.formatMessage({ id: "archive.filter.opponent_placeholder" })} />
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.from" })}
        <input type="date" name="from" defaultValue={state.from ?? ""} />
      </label>
      <label className="ks-field">
        {intl.formatMessage({ id: "archive.filter.to" })}
        <input type="date" name="to" defaultValue={state.to ?? ""} />
      </label>
      <div className="ks-archive-filter-actions">
        <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "archive.filter.apply" })}</button>
        <a className="ks-button ks-button-quiet" href={path + archiveSearch({ view: state.view })}>{intl.formatMessage({ id: "archive.filter.clear" })}</a>
      </div>
    </form>
  );
}

/**
 * Grid or list. A signed-in member's choice is saved as their archiveView
 * (a real form: it posts and comes back here); a visitor's rides in the URL.
 */
function ViewSwitch({ data: loaderData, path }: { data: LoaderData; path: string }) {
  const intl = useIntl();
  const { view, state, canSaveView, returnPath } = loaderData;
  const label = intl.formatMessage({ id: "archive.view.label" });
  const options = (["grid", "list"] as const).map((choice) => ({ choice, text: intl.formatMessage({ id: `archive.view.${choice}` }) }));
  if (canSaveView) {
    return (
      <form method="post" action={ARCHIVE_VIEW_CALLBACK} className="ks-archive-view">
        <FormSecurityFields />
        <input type="hidden" name="redirectUrl" value={returnPath} />
        <span id="archive-view-label" className="ks-muted">{label}</span>
        <div className="ks-segmented" role="group" aria-labelledby="archive-view-label">
          {options.map(({ choice, text }) => (
            <button key={choice} type="submit" name="archiveView" value={choice} className="ks-segmented-option" aria-pressed={view === choice}>
              {text}
            </button>
          ))}
        </div>
      </form>
    );
  }
  return (
    <nav className="ks-archive-view" aria-labelledby="archive-view-label">
      <span id="archive-view-label" className="ks-muted">{label}</span>
      <div className="ks-segmented">
        {options.map(({ choice, text }) => (
          <a key={choice} className="ks-segmented-option" href={path + archiveSearch({ ...state, view: choice, page: 1 })} aria-current={view === choice ? "page" : undefined} aria-pressed={undefined}>
            {text}
          </a>
        ))}
      </div>
    </nav>
  );
}

/** The owner's result in a game: win, loss or draw. */
function ownerResult(game: ArchiveGame, owner: string): "win" | "loss" | "draw" {
  if (game.result === "1/2-1/2") return "draw";
  const ownerIsWhite = game.white.username.toLowerCase() === owner.toLowerCase();
  return (game.result === "1-0") === ownerIsWhite ? "win" : "loss";
}

function useGameWords(game: ArchiveGame) {
  const intl = useIntl();
  const link = useLinks();
  const control =
    game.control.kind === "live"
      ? `${game.control.baseSeconds % 60 === 0 ? game.control.baseSeconds / 60 : (game.control.baseSeconds / 60).toFixed(1)}+${game.control.incrementSeconds}`
      : intl.formatMessage({ id: "archive.control.daily" }, { days: game.control.daysPerMove });
  const kind = [
    intl.formatMessage({ id: `archive.type.${game.timeClass}` }),
    game.rules === "standard" ? null : intl.formatMessage({ id: `archive.rules.${game.rules}` }),
    control,
    intl.formatMessage({ id: game.rated ? "archive.game.rated" : "archive.game.casual" }),
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    kind,
    reason: intl.formatMessage({ id: `archive.reason.${game.termination}`, defaultMessage: game.termination }),
    moves: intl.formatMessage({ id: "archive.game.moves" }, { count: game.moves }),
    date: intl.formatDate(game.endedAt, { dateStyle: "medium", timeZone: "UTC" }),
    href: link(game.speed === "live" ? "web_game_live" : "web_game", { id: String(game.id) }),
    pgnHref: gamePgnPath(game.id),
  };
}

function PlayerLine({ player, color }: { player: ArchiveGame["white"]; color: "white" | "black" }) {
  const intl = useIntl();
  return (
    <span className="ks-archive-player">
      <span className={`ks-archive-color ks-archive-color--${color}`} aria-hidden="true" />
      <span className="ks-archive-player-name">{player.username}</span>
      {player.rating !== null && <span className="ks-muted">({intl.formatNumber(player.rating)})</span>}
    </span>
  );
}

function ResultBadge({ game, owner }: { game: ArchiveGame; owner: string }) {
  const intl = useIntl();
  const result = ownerResult(game, owner);
  return <span className={`ks-archive-result ks-archive-result--${result}`}>{intl.formatMessage({ id: `archive.result.${result}` })}</span>;
}

function GameCard({ game, owner, whiteOnBottom }: { game: ArchiveGame; owner: string; whiteOnBottom: boolean }) {
  const intl = useIntl();
  const words = useGameWords(game);
  const ownerIsBlack = game.black.username.toLowerCase() === owner.toLowerCase();
  // The archive's owner's side at the bottom, unless the viewer wants white there always.
  const orientation = boardOrientation({ isWhiteOnBottom: whiteOnBottom }, ownerIsBlack ? "black" : "white");
  return (
    <article className="ks-card ks-archive-card" aria-labelledby={`archive-game-${game.id}`}>
      <a href={words.href} className="ks-archive-board-link" tabIndex={-1} aria-hidden="true">
        <StaticBoard fen={game.fen} orientation={orientation} label={intl.formatMessage({ id: "archive.game.board" })} />
      </a>
      <div className="ks-archive-card-body">
        <h2 id={`archive-game-${game.id}`} className="ks-archive-players">
          <a href={words.href}>
            <PlayerLine player={game.white} color="white" />
            <PlayerLine player={game.black} color="black" />
          </a>
        </h2>
        <p className="ks-archive-outcome">
          <ResultBadge game={game} owner={owner} /> <span>{resultNotation(game.result)}</span> <span className="ks-muted">{words.reason}</span>
        </p>
        <p className="ks-archive-meta ks-muted">{words.kind}</p>
        <p className="ks-archive-meta ks-muted">
          <span>{words.moves}</span> · <time dateTime={game.endedAt}>{words.date}</time> ·{" "}
          <a href={words.pgnHref} download aria-label={intl.formatMessage({ id: "archive.game.pgn_label" }, { id: game.id })}>
            {intl.formatMessage({ id: "archive.game.pgn" })}
          </a>
        </p>
      </div>
    </article>
  );
}

function GameTable({ games, owner }: { games: readonly ArchiveGame[]; owner: string }) {
  const intl = useIntl();
  return (
    <div className="ks-card ks-archive-table-wrap">
      <table className="ks-archive-table">
        <caption className="ks-visually-hidden">{intl.formatMessage({ id: "archive.table_caption" }, { username: owner })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: "archive.column.players" })}</th>
            <th scope="col">{intl.formatMessage({ id: "archive.column.result" })}</th>
            <th scope="col">{intl.formatMessage({ id: "archive.column.moves" })}</th>
            <th scope="col">{intl.formatMessage({ id: "archive.column.date" })}</th>
            <th scope="col"><span className="ks-visually-hidden">{intl.formatMessage({ id: "archive.game.pgn" })}</span></th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <GameRow key={game.id} game={game} owner={owner} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GameRow({ game, owner }: { game: ArchiveGame; owner: string }) {
  const intl = useIntl();
  const words = useGameWords(game);
  return (
    <tr>
      <td>
        <a href={words.href} className="ks-archive-players">
          <PlayerLine player={game.white} color="white" />
          <PlayerLine player={game.black} color="black" />
        </a>
        <span className="ks-archive-meta ks-muted">{words.kind}</span>
      </td>
      <td>
        <ResultBadge game={game} owner={owner} /> <span>{resultNotation(game.result)}</span>
        <span className="ks-archive-meta ks-muted">{words.reason}</span>
      </td>
      <td>{intl.formatNumber(game.moves)}</td>
      <td>
        <time dateTime={game.endedAt}>{words.date}</time>
      </td>
      <td>
        <a href={words.pgnHref} download aria-label={intl.formatMessage({ id: "archive.game.pgn_label" }, { id: game.id })}>
          {intl.formatMessage({ id: "archive.game.pgn" })}
        </a>
      </td>
    </tr>
  );
}
