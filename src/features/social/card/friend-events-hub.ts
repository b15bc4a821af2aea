import { useEffect, useRef } from "react";
import type { FriendEventType } from "../social.events.ts";

/**
 * Where the signed-in member's live friend events meet the parts of the page
 * that show a member (open user cards, the profile's action bar). A module
 * store rather than a context: the events' provider is in the signed-in
 * chunk (decision 0035), below the card, and pages import only this hook.
 * Listeners are added in effects, so only in the browser.
 */
export interface FriendEvent {
  readonly type: FriendEventType;
  /** The other member's username. */
  readonly from: string;
}

type FriendEventListener = (event: FriendEvent) => void;

const listeners = new Set<FriendEventListener>();

/** Tells every listener of the page (the friend events provider calls it). */
export function emitFriendEvent(event: FriendEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Calls `listener` for each friend event of the signed-in member (none for visitors). */
export function useFriendEvents(listener: FriendEventListener): void {
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  });
  useEffect(() => {
    const call: FriendEventListener = (event) => listenerRef.current(event);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, []);
}
