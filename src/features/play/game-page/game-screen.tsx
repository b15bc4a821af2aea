import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { opponentAwayLongEnough } from "../game-actions.ts";
import { GameChat } from "../chat/game-chat.tsx";
import type { GameView } from "../play.schema.ts";
import { boardOptions, boardOrientation } from "./board-options.ts";
import { isPromotionMove, positionAfter, turnOfFen, type PieceColor } from "./fen-board.ts";
import { GameResult } from "./game-result.tsx";
import { moveSound, playSound } from "./game-sounds.ts";
import { sideToMove } from "./game-sync.ts";
import { MoveList } from "./move-list.tsx";
import { navigate, navigationKey, shownPly as shownPlyOf, type NavigationAction, type ViewedPly } from "./move-navigation.ts";
import { PlayerBar } from "./player-bar.tsx";
import type { PromotionLetter } from "./promotion-dialog.tsx";
import { checkedKingSquare, squaresOfUci, StaticBoard } from "./static-board.tsx";
import { useGameSync, type GameActionName, type GameHappening } from "./use-game-sync.ts";

/** chessground and chessops: their own chunk, loaded once the page has hydrated, for a player of a game in progress only. */
const LiveBoard = lazy(() => import("./live-board.tsx"));
/**
 * A player's controls (resign with its confirmation, draw offers, abort, claims, rematch):
 * a spectator never downloads them (decision 0035). The page loader awaits `ready()` for a
 * player, so the server renders them; a signed-in document starts loading them at once.
 */
export const playerControls = lazyModule(() => importWithRetry(() => import("./game-actions-panel.tsx")), { preloadIf: isSignedInDocument });
const GameActionsPanel = playerControls.component("GameActionsPanel");
/** Dialogs that open on a click: their own chunks, loaded then. */
const ShareModal = lazy(() => importWithRetry(() => import("../share/share-modal.tsx")).then((module) => ({ default: module.ShareModal })));
const PromotionDialog = lazy(() => importWithRetry(() => import("./promotion-dialog.tsx")).then((module) => ({ default: module.PromotionDialog })));

export type GameRole = "white" | "black" | "spectator";

/**
 * While the opponent is to move in a live game, the player's page looks again
 * this often: no event says that the opponent has left, the snapshot does.
 */
const PRESENCE_POLL_MS = 15_000;

const refusalsOfMoves = new Set(["move.illegal", "move.invalid", "not_your_turn", "game_over"]);

interface GameScreenProps {
  readonly initial: GameView;
  readonly role: GameRole;
  /** The signed-in viewer's member id (the chat needs it), or null. */
  readonly viewerId: number | null;
}

export function GameScreen({ initial, role, viewerId }: GameScreenProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const links = useLinks();
  const routerNavigate = useNavigate();
  const isClient = useIsClient();
  const options = boardOptions();
  const [viewed, setViewed] = useState<ViewedPly>(null);
  const [promotion, setPromotion] = useState<{ orig: string; dest: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [boardReset, setBoardReset] = useState(0);
  const [sharing, setSharing] = useState(false);
  const player: PieceColor | null = role === "spectator" ? null : role;

  const handleHappening = (happening: GameHappening) => {
    if (happening.kind === "move") {
      const mover = happening.ply % 2 === 1 ? "white" : "black";
      playSound(moveSound(happening.san, mover === player));
      if (happening.ending) playSound("game-end");
      return;
    }
    const { view, previous } = happening;
    if (view.status !== "playing" && previous.status === "playing") playSound("game-end");
    const opponent = player === "white" ? "black" : "white";
    if (player && ((view.drawOfferBy === opponent && previous.drawOfferBy !== opponent) || (view.rematchOfferBy === opponent && previous.rematchOfferBy !== opponent))) playSound("notify");
    if (view.rematchGameId !== null && previous.rematchGameId === null && player) {
      void routerNavigate(links(view.control.kind === "live" ? "web_game_live" : "web_game", { id: view.rematchGameId }));
    }
  };

  const handleRefusal = (code: string) => {
    playSound("illegal");
    setMessage(refusalsOfMoves.has(code) ? intl.formatMessage({ id: "game.error.illegal" }) : intl.formatMessage({ id: "game.error.refused" }, { code }));
  };

  const { game, sendMove, act, refetch, resetToken } = useGameSync(initial, handleHappening, handleRefusal);
  const view = game.view;
  const live = view.control.kind === "live";
  const playing = view.status === "playing";
  const sans = useMemo(() => view.moves.map((move) => move.san), [view.moves]);
  // Kept while the moves are, so the board replays the game only when it changed.
  const ucis = useMemo(() => view.moves.map((move) => move.uci), [view.moves]);
  const shownPly = shownPlyOf(viewed, sans.length);
  const orientation = boardOrientation(options, role);

  // The start of a game the viewer plays.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (player && initial.status === "playing" && initial.ply === 0) playSound("game-start");
  }, [player, initial]);

  const toMove = sideToMove(view);
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
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const action = navigationKey(event.key);
      if (!action) return;
      event.preventDefault();
      setViewed((current) => navigate(current, action, moveCount));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [moveCount]);

  const handleMove = (orig: string, dest: string, premove: boolean) => {
      setMessage(null);
      if (isPromotionMove(view.fen, orig, dest)) {
        // A premove promotes to a queen; a move asks.
        if (premove) sendMove(`${orig}${dest}q`);
        else setPromotion({ orig, dest });
        return;
      }
      sendMove(`${orig}${dest}`);
  };

  const choosePromotion = (letter: PromotionLetter) => {
    if (!promotion) return;
    setPromotion(null);
    sendMove(`${promotion.orig}${promotion.dest}${letter}`);
  };
  const cancelPromotion = () => {
    setPromotion(null);
    setBoardReset((token) => token + 1);
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
  const staticBoard = (
    <StaticBoard
      fen={shownFen}
      orientation={orientation}
      lastMove={options.highlightMoves ? squaresOfUci(shownMove?.uci) : null}
      checkSquare={checkedKingSquare(shownFen, shownMove?.san ?? null)}
      coordinates={options.coordinates === "inside"}
      {...(interactive ? {} : { label: boardLabel })}
    />
  );


  const title = t("game.page.title", { white: view.white.username, black: view.black.username });
  const controlText =
    view.control.kind === "live"
      ? t("game.control.live", { minutes: view.control.baseSeconds / 60, increment: view.control.incrementSeconds })
      : t("game.control.daily", { days: view.control.daysPerMove });

  return (
    <section className="ks-page ks-game-page" aria-labelledby="page-title" data-game-id={view.id} data-status={view.status}>
      <div className="ks-game-layout">
        <div className="ks-game-board-column">
          <PlayerBar player={view[top]} color={top} clocks={game.clocks} baseMs={baseMs} warn={false} toMove={playing && toMove === top} control={view.control} endingDiff={view.ending?.ratingDiffs?.[top] ?? null} />
          <div className="ks-board-frame ks-board-green">
            {isClient && interactive ? (
              <Suspense fallback={staticBoard}>
                <LiveBoard
                  rules={view.rules}
                  initialFen={view.initialFen}
                  currentFen={view.fen}
                  ucis={ucis}
                  shownPly={shownPly}
                  pending={game.pending}
                  orientation={orientation}
                  playerColor={playing ? player : null}
                  premoves={live}
                  options={options}
                  resetToken={resetToken + boardReset}
                  label={boardLabel}
                  onMove={handleMove}
                  onPremoveSet={() => playSound("premove")}
                />
              </Suspense>
            ) : (
              staticBoard
            )}
          </div>
          <PlayerBar player={view[bottom]} color={bottom} clocks={game.clocks} baseMs={baseMs} warn={player === bottom} toMove={playing && toMove === bottom} control={view.control} endingDiff={view.ending?.ratingDiffs?.[bottom] ?? null} />
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
                {game.pending ? t("game.status.sending") : player === toMove ? t("game.status.your_move") : t("game.status.to_move", { color: t(toMove === "white" ? "game.color.white" : "game.color.black") })}
              </p>
            )}
            {!live && playing && view.deadlineAt && (
              <p className="ks-game-deadline">
                {t("game.daily.due")} <RelativeTime date={view.deadlineAt} />
              </p>
            )}
            {message && (
              <p className="ks-game-message" role="alert">
                {message}
              </p>
            )}
            <div className="ks-game-share-row">
              <button type="button" className="ks-button ks-button-quiet" onClick={() => setSharing(true)}>
                {t("game.share.button")}
              </button>
            </div>
          </div>

          <div className="ks-card ks-game-moves">
            <MoveList sans={sans} shownPly={shownPly} onNavigate={handleNavigate} />
            {viewed !== null && <p className="ks-game-viewing" role="status">{t("game.nav.viewing")}</p>}
          </div>

          {player && (
            <div className="ks-card ks-game-controls">
              <Suspense fallback={null}>
                <GameActionsPanel view={view} role={player} opponentGone={opponentGone} busy={busy} onAct={handleAct} />
              </Suspense>
            </div>
          )}

          <GameChat gameId={view.id} role={role} viewerId={viewerId} gameOver={!playing} className="ks-card" />
          {/* The audience's chat opens to the players when the game ends; before that the page does not ask (the server would refuse). */}
          {player && !playing && <GameChat gameId={view.id} role={role} viewerId={viewerId} channel="spectators" gameOver className="ks-card" />}
        </div>
      </div>
      <Suspense fallback={null}>
        {promotion && player && <PromotionDialog color={player} onChoose={choosePromotion} onCancel={cancelPromotion} />}
        {sharing && <ShareModal type="game" url={new URL(links(live ? "web_game_live" : "web_game", { id: view.id }), window.location.origin).href} game={view} onClose={() => setSharing(false)} />}
      </Suspense>
    </section>
  );
}
