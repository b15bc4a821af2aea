/**
 * The alert list as pure state transitions. The React provider (alert.tsx)
 * owns the timers; everything it decides is computed here.
 */
export const alertTypes = ["error", "info", "success"] as const;
export type AlertType = (typeof alertTypes)[number];

/** A button or link under an alert's message (Accept on a friend request, a link to the member). */
export interface AlertActionItem {
  /** Already-translated label. */
  readonly label: string;
  /** A link; otherwise a button that calls onSelect. Either way the alert is dismissed. */
  readonly href?: string;
  readonly onSelect?: () => void;
  readonly primary?: boolean;
}

export interface AlertInput {
  type: AlertType;
  /** Already-translated text (a server message or a formatted message key). */
  message: string;
  actions?: readonly AlertActionItem[];
}

export interface Alert extends AlertInput {
  id: string;
}

/** An alert in the list; a leaving alert is fading out and is removed after the fade. */
export interface AlertEntry extends Alert {
  leaving: boolean;
}

export type AlertState = readonly AlertEntry[];

export const alertTimings = {
  /** How long a leaving alert fades before it is removed. */
  fadeMs: 200,
  /** Success alerts dismiss themselves after this long. */
  successDismissMs: 7000,
  /** How many alerts stay when a new one arrives (the new one included). */
  keepLast: 2,
} as const;

export const emptyAlertState: AlertState = [];

function normalizedKeepLast(keepLast: number): number {
  return Number.isFinite(keepLast) ? Math.max(1, Math.floor(keepLast)) : alertTimings.keepLast;
}

/**
 * Adds an alert. Earlier alerts that are still shown are dismissed (marked
 * leaving) so that at most `keepLast` alerts are shown, the new one included.
 */
export function addAlert(state: AlertState, alert: Alert, keepLast: number = alertTimings.keepLast): AlertState {
  const keepEarlier = normalizedKeepLast(keepLast) - 1;
  const shown = state.filter((entry) => !entry.leaving && entry.id !== alert.id);
  const dismissCount = Math.max(0, shown.length - keepEarlier);
  const dismissed = new Set(shown.slice(0, dismissCount).map((entry) => entry.id));
  const rest = state
    .filter((entry) => entry.id !== alert.id)
    .map((entry) => (dismissed.has(entry.id) ? { ...entry, leaving: true } : entry));
  return [...rest, { id: alert.id, type: alert.type, message: alert.message, ...(alert.actions ? { actions: alert.actions } : {}), leaving: false }];
}

/** Starts an alert's fade-out. Unknown or already leaving alerts leave the state as it is. */
export function dismissAlert(state: AlertState, id: string): AlertState {
  if (!state.some((entry) => entry.id === id && !entry.leaving)) return state;
  return state.map((entry) => (entry.id === id ? { ...entry, leaving: true } : entry));
}

/** Drops an alert from the list (after its fade). */
export function removeAlert(state: AlertState, id: string): AlertState {
  if (!state.some((entry) => entry.id === id)) return state;
  return state.filter((entry) => entry.id !== id);
}

/** The alerts still shown (not fading out). */
export function shownAlerts(state: AlertState): AlertEntry[] {
  return state.filter((entry) => !entry.leaving);
}

/** Whether the alert dismisses itself after `alertTimings.successDismissMs`. */
export function dismissesItself(alert: AlertInput): boolean {
  return alert.type === "success";
}

export type AlertAction =
  { kind: "add"; alert: Alert; keepLast: number } | { kind: "dismiss"; id: string } | { kind: "remove"; id: string };

export function alertReducer(state: AlertState, action: AlertAction): AlertState {
  switch (action.kind) {
    case "add":
      return addAlert(state, action.alert, action.keepLast);
    case "dismiss":
      return dismissAlert(state, action.id);
    case "remove":
      return removeAlert(state, action.id);
  }
}
