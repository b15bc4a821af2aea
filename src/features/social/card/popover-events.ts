/**
 * The analytics hook of the user card (spec 001 §4.4: "A close-without-action
 * event is tracked unless an action was clicked"; feature flag
 * user_popover_events). Kingside has no analytics service yet and the client
 * metrics endpoint takes errors only, so events stay in this page's memory:
 * the last few are kept for inspection and every listener is told. An
 * analytics integration subscribes here; the tests observe it the same way.
 */

export type PopoverEventType = "opened" | "closed_without_action" | "action";

export interface PopoverEvent {
  readonly type: PopoverEventType;
  readonly username: string;
  /** The action clicked, for "action" events. */
  readonly action?: string;
  readonly at: number;
}

export type PopoverEventListener = (event: PopoverEvent) => void;

const KEEP_LAST = 50;
const recent: PopoverEvent[] = [];
const listeners = new Set<PopoverEventListener>();

export function recordPopoverEvent(event: Omit<PopoverEvent, "at">): void {
  const recorded: PopoverEvent = { ...event, at: Date.now() };
  recent.push(recorded);
  if (recent.length > KEEP_LAST) recent.splice(0, recent.length - KEEP_LAST);
  for (const listener of [...listeners]) {
    try {
      listener(recorded);
    } catch (error) {
      console.error("popover event listener failed", error);
    }
  }
}

/** Returns the matching unsubscribe. */
export function subscribePopoverEvents(listener: PopoverEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The last events recorded on this page, oldest first. */
export function recentPopoverEvents(): readonly PopoverEvent[] {
  return [...recent];
}
