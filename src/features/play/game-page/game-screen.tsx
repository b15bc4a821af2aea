import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { opponentAwayLongEnough } from "../game-actions.ts";
import { GameChat } from "../chat/game-chat.tsx";
import type { GameView } from "../play.schema.ts";
import { describeBoard } from "./board-description.ts";
import { boardOrientation, type BoardOptions } from "./board-options.ts";
import { positionAfter, turnOfFen, type PieceColor } from "./fen-board.ts";
import { DailyTimeLeftText, MoveConfirmation } from "./daily-parts.tsx";
import { GameResult } from "./game-result.tsx";
import { materialOf } from "./material.ts";
import { moveSound, playSound } from "./game-sounds.ts";
import { shownClocks, sideToMove, type PendingMove } from "./game-sync.ts";
import { MoveList } from "./move-list.tsx";
import { navigate, navigationKey, shownPly as shownPlyOf, type NavigationAction, type ViewedPly } from "./move-navigation.ts";
import { PlayerBar } from "./player-bar.tsx";
import { checkedKingSquare, squaresOfUci, StaticBoard } from "./static-board.tsx";
import { MOVE_NOT_PLAYED, useGameSync, type GameActionName, type GameHappening } from "./use-game-sync.ts";

/** chessground and chessops: their own chunk, loaded once the page has hydrated, for a player of a game in progress only. */
const LiveBoard = lazy(() => import("./live-board.tsx"));
/** The field for typed moves: with chessops, for the same players only. */
const MoveInput = lazy(() => importWithRetry(() => import("./move-input.tsx")));
/**
 * A player's controls (resign with its confirmation, draw offers, abort, claims, rematch):
 * a spectator never downloads them (decision 0035). The page loader awaits `ready()` for a
 * player, so the server renders them; a signed-in document starts loading them at once.
 */
export const playerControls = lazyModule(() => importWithRetry(() => import("./game-actions-panel.tsx")), { preloadIf: isSignedInDocument });
const GameActionsPanel = playerControls.component("GameActionsPanel");
/** Three-check's checks given: only a three-check game loads them. */
const VariantMarks = lazy(() => importWithRetry(() => import("./variant-marks.tsx")));
/** The share dialog opens on a click: its own chunk, loaded then. */
const ShareModal = lazy(() => importWithRetry(() => import("../share/share-modal.tsx")).then((module) => ({ default: module.ShareModal })));

export type GameRole = "white" | "black" | "spectator";

/**
 * While the opponent is to move in a live game, the player's page looks again
 * this often: no event says that the opponent has left, the snapshot does.
 */
const PRESENCE_POLL_MS = 15_000;

const refusalsOfMoves = new Set(["move.illegal", "move.invalid"]);

interface GameScreenProps {
  readonly initial: GameView;
  readonly role: GameRole;
  /** The signed-in viewer's member id (the chat needs it), or null. */
  readonly viewerId: number | null;
  /** The viewer's board options (their saved ones, or the defaults). */
  readonly options: BoardOptions;
  /** The opponent a player may award a trophy to from this game (both members), or null. */
  readonly awardTo?: string | null;
}

export function GameScreen({ initial, role, viewerId, options, awardTo = null }: GameScreenProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const links = useLinks();
  const routerNavigate = useNavigate();
  const isClient = useIsClient();
  const [viewed, setViewed] = useState<ViewedPly>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [flipped, setFlipped] = useState(false);
  /** A daily move made with "Confirm moves" on: on the board, not sent until confirmed (decision 0063). */
  const [unconfirmed, setUnconfirmed] = useState<PendingMove | null>(null);
  const confirmMoves = useRef(false);
  /** The last move in words, for the page's live region (screen readers hear each move once, as it comes). */
  const [announcement, setAnnouncement] = useState("");
  const boardDescriptionId = useId();
  const player: PieceColor | null = role === "spectator" ? null : role;

  const handleHappening = (happening: GameHappening) => {
    if (happening.kind === "move") {
      const mover = happening.ply % 2 === 1 ? "white" : "black";
      setAnnouncement(t("game.board.announce", { color: t(mover === "white" ? "game.color.white" : "game.color.black"), san: happening.san }));
      playSound(moveSound(happening.san, mover === player), options.playSounds);
      if (happening.ending) playSound("game-end", options.playSounds);
      return;
    }
    const { view, previous } = happening;
    if (view.status !== "playing" && previous.status === "playing") playSound("game-end", options.playSounds);
    const opponent = player === "white" ? "black" : "white";
    const newly = (key: "drawOfferBy" | "rematchOfferBy" | "takebackOfferBy") => view[key] === opponent && previous[key] !== opponent;
    if (player && (newly("drawOfferBy") || newly("rematchOfferBy") || newly("takebackOfferBy"))) playSound("notify", options.playSounds);
    if (view.rematchGameId !== null && previous.rematchGameId === null && player) {
      void routerNavigate(links(view.control.kind === "live" ? "web_game_live" : "web_game", { id: view.rematchGameId }));
    }
  };

  const handleRefusal = (code: string) => {
    playSound("illegal", options.playSounds);
    if (code === MOVE_NOT_PLAYED) setMessage(t("game.error.not_played"));
    else setMessage(refusalsOfMoves.has(code) ? t("game.error.illegal") : t("game.error.refused", { code }));
  };

  const { game, connection, sendMove, act, refetch, resetToken } = useGameSync(initial, handleHappening, handleRefusal);
  const view = game.view;
  const clocks = shownClocks(game);
  const live = view.control.kind === "live";
  // Three-check's checks and crazyhouse's pockets beside each player: a chunk only those games load.
  const marked = view.rules === "threeCheck" || view.rules === "crazyhouse";
  const playing = view.status === "playing";
  const sans = useMemo(() => view.moves.map((move) => move.san), [view.moves]);
  // Kept while the moves are, so the board replays the game only when it changed.
  const ucis = useMemo(() => view.moves.map((move) => move.uci), [view.moves]);
  const shownPly = shownPlyOf(viewed, sans.length);
  const seatedOrientation = boardOrientation(options, role);
  const orientation: PieceColor = flipped ? (seatedOrientation === "white" ? "black" : "white") : seatedOrientation;

  // The start of a game the viewer plays.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (player && initial.status === "playing" && initial.ply === 0) playSound("game-start", options.playSounds);
  }, [player, initial, options]);

  const toMove = sideToMove(view);
  // Only while the game still stands where the move was made (a takeback or the end drops it).
  const waiting = playing && unconfirmed?.ply === view.ply ? unconfirmed : null;
  // A player of a live game learns when the opponent, on the move, has left.
  const waitingForOpponent = player !== null && live && playing && toMove !== player;
  useEffect(() => {
    if (!waitingForOpponent) return;
    const timer = setInterval(refetch, PRESENCE_POLL_MS);
    return () => clearInterval(timer);
  }, [waitingForOpponent, refetch]);

  const moveCount = sans.length;
  const handleNavigate = (action: NavigationAction) => setViewed((current) => navigate(current, action, moveCount));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest("[role='dialog']"))) return;
      // The move list steps on its own keys when it has focus.
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "f") {
        setFlipped((current) => !current);
        return;
      }
      const action = navigationKey(event.key);
      if (!action) return;
      event.preventDefault();
      setViewed((current) => navigate(current, action, moveCount));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [moveCount]);

  /** A move made on the board or typed: sent, or held for the player's confirmation (daily games; live games never confirm). */
  const handleMove = (uci: string) => {
    setMessage(null);
    if (confirmMoves.current && !live) setUnconfirmed({ ply: view.ply, uci });
    else sendMove(uci);
  };

  const handleAct = (action: GameActionName) => {
    setBusy(true);
    setMessage(null);
    void act(action).then((refusal) => {
      setBusy(false);
      if (refusal) setMessage(t("game.error.refused", { code: refusal }));
    });
  };

  const opponentColor = player === "white" ? "black" : "white";
  // The server takes a claim only on the absent opponent's own turn (decision 0044).
  const opponentGone = player !== null && live && playing && toMove === opponentColor && opponentAwayLongEnough(view.awayMs[opponentColor], 0);
  const top: PieceColor = orientation === "white" ? "black" : "white";
  const bottom: PieceColor = orientation;
  const baseMs = view.control.kind === "live" ? view.control.baseSeconds * 1000 : 0;
  const boardLabel = t("game.board.label", { color: t(turnOfFen(view.fen) === "white" ? "game.color.white" : "game.color.black") });
  // Only a player of a game in progress moves pieces: everyone else (spectators, finished games) never loads chessground or chessops.
  const interactive = player !== null && playing;
  // The position shown: the latest, or an earlier one chosen in the move list (replayed without the chess module).
  const shownMove = shownPly > 0 ? view.moves[shownPly - 1] : undefined;
  const shownFen = useMemo(() => (shownPly >= ucis.length ? view.fen : positionAfter(view.initialFen, ucis.slice(0, shownPly))), [shownPly, ucis, view.fen, view.initialFen]);
  const material = useMemo(() => materialOf(shownFen), [shownFen]);
  const staticBoard = (
    <StaticBoard
      fen={shownFen}
      orientation={orientation}
      lastMove={options.highlightMoves ? squaresOfUci(shownMove?.uci) : null}
      checkSquare={checkedKingSquare(shownFen, shownMove?.san ?? null)}
      coordinates={options.coordinates !== "off"}
      {...(interactive ? {} : { label: boardLabel, describedBy: boardDescriptionId })}
    />
  );


  const marks = (color: PieceColor) =>
    marked && (
      <Suspense fallback={null}>
        <VariantMarks color={color} view={view} shownPly={shownPly} droppable={isClient && interactive && color === player} />
      </Suspense>
    );

  const title = t("game.page.title", { white: view.white.username, black: view.black.username });
  const controlText =
    view.control.kind === "live"
      ? t("game.control.live", { minutes: view.control.baseSeconds / 60, increment: view.control.incrementSeconds })
      : t("game.control.daily", { days: view.control.daysPerMove });

  return (
    <section
      className={`ks-page ks-game-page${game.untrustedSince === null ? "" : " ks-game-untrusted"}`}
      aria-labelledby="page-title"
      data-game-id={view.id}
      data-status={view.status}
      data-connection={connection}
      data-daily-game={live ? undefined : ""}
    >
      <div className="ks-game-layout">
        <div className="ks-game-board-column">
          <PlayerBar player={view[top]} color={top} clocks={clocks} baseMs={baseMs} warn={false} toMove={playing && toMove === top} control={view.control} deadlineAt={playing ? view.deadlineAt : null} endingDiff={view.ending?.ratingDiffs?.[top] ?? null} material={material[top]} />
          {marks(top)}
          {/* Coordinates outside the board: the frame leaves them a strip. */}
          <div className={`ks-board-frame ks-coords-${options.coordinates}`} data-rules={view.rules}>
            {isClient && interactive ? (
              <Suspense fallback={staticBoard}>
                <LiveBoard
                  rules={view.rules}
                  initialFen={view.initialFen}
                  currentFen={view.fen}
                  ucis={ucis}
                  shownPly={shownPly}
                  pending={game.pending ?? waiting}
                  orientation={orientation}
                  playerColor={playing ? player : null}
                  premoves={live}
                  options={options}
                  resetToken={resetToken}
                  label={boardLabel}
                  describedBy={boardDescriptionId}
                  onMove={handleMove}
                  onPremoveSet={() => playSound("premove", options.playSounds)}
                />
              </Suspense>
            ) : (
              staticBoard
            )}
            <p id={boardDescriptionId} className="ks-visually-hidden">
              {describeBoard(shownFen, shownMove ? { ply: shownPly, san: shownMove.san } : null, t)}
            </p>
          </div>
          {marks(bottom)}
          <PlayerBar player={view[bottom]} color={bottom} clocks={clocks} baseMs={baseMs} warn={player === bottom && options.playSounds} toMove={playing && toMove === bottom} control={view.control} deadlineAt={playing ? view.deadlineAt : null} endingDiff={view.ending?.ratingDiffs?.[bottom] ?? null} material={material[bottom]} />
          {isClient && interactive && (
            <Suspense fallback={null}>
              <MoveInput rules={view.rules} fen={view.fen} myTurn={toMove === player && !game.pending && !waiting} onMove={handleMove} />
            </Suspense>
          )}
          {isClient && interactive && !live && viewerId !== null && (
            <MoveConfirmation
              memberId={viewerId}
              rules={view.rules}
              fen={view.fen}
              waiting={waiting?.uci ?? null}
              onOption={(on) => void (confirmMoves.current = on)}
              onConfirm={() => {
                setUnconfirmed(null);
                if (waiting) sendMove(waiting.uci);
              }}
              onCancel={() => setUnconfirmed(null)}
            />
          )}
          <p className="ks-visually-hidden" aria-live="polite">
            {announcement}
          </p>
        </div>

        <div className="ks-game-side">
          <div className="ks-card ks-game-info">
            <PageHeader title={title}>
              <p className="ks-game-meta">
                <span>{t(live ? "game.page.live" : "game.page.daily")}</span>
                <span aria-hidden="true">·</span>
                <span>{controlText}</span>
                <span aria-hidden="true">·</span>
                <span>{t(view.rated ? "game.rated" : "game.casual")}</span>
                <span aria-hidden="true">·</span>
                <span>{t(`game.rules.${view.rules}`)}</span>
              </p>
              <p className="ks-game-role">{t(`game.role.${role}`)}</p>
            </PageHeader>
            {view.ending ? (
              <GameResult view={view} />
            ) : (
              <p className="ks-game-turn" role="status" aria-live="polite">
                {connection === "down"
                  ? t(game.pending ? "game.status.reconnecting_move" : "game.status.reconnecting")
                  : game.pending
                    ? t("game.status.sending")
                    : player === toMove ? t("game.status.your_move") : t("game.status.to_move", { color: t(toMove === "white" ? "game.color.white" : "game.color.black") })}
              </p>
            )}
            {!live && playing && view.deadlineAt && (
              <p className="ks-game-deadline">
                {t("game.daily.due")} <DailyTimeLeftText deadlineAt={view.deadlineAt} />
              </p>
            )}
            {message && (
              <p className="ks-game-message" role="alert">
                {message}
              </p>
            )}
            <div className="ks-game-share-row">
              <button type="button" className="ks-button ks-button-quiet" aria-pressed={flipped} aria-keyshortcuts="f" onClick={() => setFlipped((current) => !current)}>
                {t("game.flip")}
              </button>
              <button type="button" className="ks-button ks-button-quiet" onClick={() => setSharing(true)}>
                {t("game.share.button")}
              </button>
            </div>
          </div>

          <div className="ks-card ks-game-moves">
            <MoveList sans={sans} shownPly={shownPly} onNavigate={handleNavigate} figurine={options.moveListDisplayType === "figurine"} />
            {viewed !== null && <p className="ks-game-viewing" role="status">{t("game.nav.viewing")}</p>}
          </div>

          {player && (
            <div className="ks-card ks-game-controls">
              <Suspense fallback={null}>
                <GameActionsPanel view={view} role={player} opponentGone={opponentGone} busy={busy} onAct={handleAct} awardTo={awardTo} />
              </Suspense>
            </div>
          )}

          <GameChat gameId={view.id} role={role} viewerId={viewerId} gameOver={!playing} className="ks-card" />
          {/* The audience's chat opens to the players when the game ends; before that the page does not ask (the server would refuse). */}
          {player && !playing && <GameChat gameId={view.id} role={role} viewerId={viewerId} channel="spectators" gameOver className="ks-card" />}
        </div>
      </div>
      <Suspense fallback={null}>
        {sharing && <ShareModal type="game" url={new URL(links(live ? "web_game_live" : "web_game", { id: view.id }), window.location.origin).href} game={view} onClose={() => setSharing(false)} />}
      </Suspense>
    </section>
  );
}

