/**
 * The signed-in member's play events on every page: one listener on their
 * private room, shared by the shell layer (toasts, going to a game), the
 * header's games in progress and /play/online/new (its lists of challenges
 * and daily games). Each part registers what it wants through usePlayEvents.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import type { RootData } from "../../../platform/shell/root-data.ts";
import type { RealtimeEvent } from "../../../platform/realtime/protocol.ts";
import { useRoomEvents, useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import type { CurrentGameView } from "../play.schema.ts";

export type PlayEventListener = (event: RealtimeEvent) => void;

interface PlayLive {
  readonly memberId: number | null;
  /** The member's games in progress; null until loaded (or for a visitor). */
  readonly currentGames: readonly CurrentGameView[] | null;
  refreshCurrentGames(): void;
  addListener(listener: PlayEventListener): () => void;
}

const PlayLiveContext = createContext<PlayLive | null>(null);

/** Events after which the list of games in progress is read again. */
const gameListEvents = new Set(["game.started", "game.your_move", "game.ended"]);

export function PlayLiveProvider({ memberId, children }: { memberId: number | null; children: ReactNode }) {
  const send = useSocketCommand();
  const [currentGames, setCurrentGames] = useState<readonly CurrentGameView[] | null>(null);
  const [listeners] = useState(() => new Set<PlayEventListener>());
  const [addListener] = useState(() => (listener: PlayEventListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  });
  const loading = useRef(0);

  const refreshCurrentGames = useCallback(() => {
    if (memberId === null) return;
    const request = (loading.current += 1);
    void send("games.current", {}).then((answer) => {
      // Only the newest answer counts: an older one may have left before a change.
      if (answer.ok && request === loading.current) setCurrentGames(answer.value);
    });
  }, [memberId, send]);

  useRoomEvents(
    memberId === null ? null : memberRoom(memberId),
    (event) => {
      if (gameListEvents.has(event.type)) refreshCurrentGames();
      for (const listener of [...listeners]) listener(event);
    },
    // Loaded each time the room is (re)confirmed: events sent while the socket was away are not replayed.
    { onSubscribed: refreshCurrentGames },
  );

  const value = useMemo<PlayLive>(
    () => ({
      memberId,
      // A member who signed out has no games here, whatever was loaded before.
      currentGames: memberId === null ? null : currentGames,
      refreshCurrentGames,
      addListener,
    }),
    [memberId, currentGames, refreshCurrentGames, addListener],
  );
  return <PlayLiveContext value={value}>{children}</PlayLiveContext>;
}

const offline: PlayLive = { memberId: null, currentGames: null, refreshCurrentGames: () => {}, addListener: () => () => {} };

export function usePlayLive(): PlayLive {
  return useContext(PlayLiveContext) ?? offline;
}

/** Calls `listener` with each event of the member's private room (nothing without the provider). */
export function usePlayEvents(listener: PlayEventListener): void {
  const { addListener } = usePlayLive();
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  });
  useEffect(() => addListener((event) => listenerRef.current(event)), [addListener]);
}

/** The shell's layer on every page: the visitor's play events (none for anonymous visitors) for the lobby, the header's games and the toasts. */
export function PlayLiveLayer({ children }: { children: ReactNode }) {
  const user = useRouteLoaderData<RootData>("root")?.currentUser;
  return <PlayLiveProvider memberId={user?.isLoggedIn && user.id !== null ? user.id : null}>{children}</PlayLiveProvider>;
}
