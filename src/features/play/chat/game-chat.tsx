import { FlairBesideName } from "../../accounts/flair/flair-image.tsx";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { SocketClient } from "../../../platform/realtime/socket-client.ts";
import { chatLineEvent, spectatorChatRoom } from "./game-chat.events.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { chatReadRefusal, chatWriteRefusal, type ChatAccessRefusal, type ChatViewerRole } from "./game-chat.policy.ts";
import type { ChatChannel, ChatLine } from "./game-chat.schema.ts";
import { mergeChatLines } from "../../chat/chat-lines.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { isSignedInDocument } from "../../../platform/shell/signed-in-slots.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";
import "./game-chat.css";

/**
 * The line a viewer writes: only a signed-in viewer has it, so a visitor who
 * reads the spectators' chat never downloads it (decision 0035). The game
 * page's loader awaits `ready()` for a signed-in viewer.
 */
export const chatComposerModule = lazyModule(() => importWithRetry(() => import("./game-chat-composer.tsx")), { preloadIf: isSignedInDocument });
const ChatComposer = chatComposerModule.component("ChatComposer");

export interface GameChatProps {
  readonly gameId: number;
  /** Who the viewer is in this game. Players talk on the players' channel, everyone else on the spectators'. */
  readonly role: "white" | "black" | "spectator";
  /** The signed-in viewer's member id; null for a visitor (who may read the spectators' chat once the game ended, never write). */
  readonly viewerId: number | null;
  /** Shows the spectators' channel to a player (the game page adds it once the game ended). */
  readonly channel?: ChatChannel;
  /** True once the game ended (players and visitors may then read the spectators' chat). */
  readonly gameOver?: boolean;
  /** The socket; the page's own by default (tests pass a fake). */
  readonly socket?: Pick<SocketClient, "command" | "subscribe">;
  readonly className?: string;
}

/** What the panel says instead of the lines when the policy keeps the viewer out. */
const refusalNotices: Readonly<Record<ChatAccessRefusal, string>> = {
  not_a_spectator: "play.chat.hidden_during_game",
  sign_in_required: "play.chat.sign_in_to_read",
  not_a_player: "play.chat.error.not_a_player",
};

/**
 * A game's chat panel (issue 9 item 6): the lines as a log region, a
 * labelled input that sends on Enter, a character counter. History loads
 * when it mounts and again after a reconnect; live lines arrive by the
 * socket (players' lines in the member's own room, spectators' lines in the
 * game's spectator room). Lines of members the viewer muted or blocked are
 * never shown: the server leaves them out, and the panel drops live
 * spectator lines from them. The panel asks the server's own policy before
 * it subscribes, so a viewer the server would refuse never tries.
 */
export function GameChat({ gameId, role, viewerId, channel: channelOverride, gameOver = false, socket: givenSocket, className }: GameChatProps) {
  const intl = useIntl();
  const channel: ChatChannel = channelOverride ?? (role === "spectator" ? "spectators" : "players");
  const viewer: ChatViewerRole = role !== "spectator" ? "player" : viewerId === null ? "visitor" : "member";
  const refusal = chatReadRefusal(viewer, channel, !gameOver);
  const [lines, setLines] = useState<readonly ChatLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const silenced = useRef<ReadonlySet<number>>(new Set());
  const logRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const room = channel === "players" ? (viewerId === null ? null : memberRoom(viewerId)) : spectatorChatRoom(gameId);

  useEffect(() => {
    if (refusal !== null || room === null) return;
    const socket = givenSocket ?? pageSocketClient();
    let active = true;
    const loadHistory = async () => {
      const answer = await socket.command("game.chat.history", { gameId, channel });
      if (!active) return;
      if (!answer.ok) {
        setError(intl.formatMessage({ id: "play.chat.error.history" }));
        return;
      }
      const history = answer.value;
      silenced.current = new Set(history.silencedIds);
      // Lines that arrived while the history was on its way stay.
      setLines((current) => mergeChatLines(history.lines, current));
    };
    const unsubscribe = socket.subscribe(
      room,
      (event) => {
        const line = eventPayload(chatLineEvent, event);
        if (!line || line.gameId !== gameId || line.channel !== channel || silenced.current.has(line.authorId)) return;
        setLines((current) => mergeChatLines(current, [line]));
      },
      { onSubscribed: () => void loadHistory() },
    );
    return () => {
      active = false;
      unsubscribe();
    };
    // intl is stable for the page's locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameId, channel, room, refusal, givenSocket]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines]);

  const canWrite = chatWriteRefusal(viewer, channel, !gameOver) === null;

  const title = intl.formatMessage({ id: channel === "players" ? "play.chat.title.players" : "play.chat.title.spectators" });
  return (
    <section className={`ks-game-chat${className ? ` ${className}` : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="ks-game-chat__title">
        {title}
      </h2>
      {refusal !== null ? (
        <p className="ks-game-chat__notice">{intl.formatMessage({ id: refusalNotices[refusal] })}</p>
      ) : (
        <>
          {/* The log role sits on a wrapper: on the <ol> itself it would hide the list from assistive technology. */}
          <div ref={logRef} className="ks-game-chat__log" role="log" aria-live="polite" aria-label={intl.formatMessage({ id: "play.chat.log_label" })}>
            {lines.length === 0 ? (
              <p className="ks-game-chat__empty">{intl.formatMessage({ id: "play.chat.empty" })}</p>
            ) : (
              <ol className="ks-game-chat__lines">
                {lines.map((line) => (
                  <li key={line.id} className="ks-game-chat__line">
                    <span className="ks-game-chat__author">{line.author}</span>
                    <FlairBesideName code={line.authorFlair} /> <span className="ks-game-chat__text">{line.text}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          {error && (
            <p className="ks-game-chat__error" role="alert">
              {error}
            </p>
          )}
          {canWrite ? (
            <Suspense fallback={null}>
              <ChatComposer
                gameId={gameId}
                channel={channel}
                socket={givenSocket}
                onSent={(line) => setLines((current) => mergeChatLines(current, [line]))}
                onError={setError}
              />
            </Suspense>
          ) : (
            viewerId === null && <p className="ks-game-chat__notice">{intl.formatMessage({ id: "play.chat.sign_in" })}</p>
          )}
        </>
      )}
    </section>
  );
}

/** Lines in id order without repeats (a line may come back in the history and by the socket). */
