import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { useIntl } from "../platform/i18n/intl.tsx";
import {
  alertReducer,
  alertTimings,
  dismissesItself,
  emptyAlertState,
  type AlertEntry,
  type AlertInput,
  type AlertState,
} from "./alert-store.ts";
import { uiMessageId } from "./messages.ts";

export type { AlertEntry, AlertInput, AlertType } from "./alert-store.ts";

export interface AlertsContextValue {
  /** Every alert in the list, leaving ones included (they are fading out). */
  alerts: AlertState;
  /** Shows an alert and returns its id. Earlier alerts beyond the keep count are dismissed. */
  showAlert: (alert: AlertInput) => string;
  /** Starts the alert's fade-out; it is removed after the fade. */
  dismiss: (id: string) => void;
}

const AlertsContext = createContext<AlertsContextValue | null>(null);

export interface AlertsProviderProps {
  children: ReactNode;
  /** How many alerts stay shown when a new one arrives (the new one included). Default 2. */
  keepLast?: number;
  /** Auto-dismiss delay of success alerts in ms. Default 7000. */
  successDismissMs?: number;
  /** Fade-out duration in ms before a dismissed alert is removed. Default 200. */
  fadeMs?: number;
}

export function AlertsProvider({
  children,
  keepLast = alertTimings.keepLast,
  successDismissMs = alertTimings.successDismissMs,
  fadeMs = alertTimings.fadeMs,
}: AlertsProviderProps) {
  const [alerts, dispatch] = useReducer(alertReducer, emptyAlertState);
  const nextId = useRef(0);
  const dismissTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const showAlert = useCallback(
    (alert: AlertInput): string => {
      nextId.current += 1;
      const id = `ks-alert-${nextId.current}`;
      dispatch({ kind: "add", alert: { id, type: alert.type, message: alert.message, ...(alert.actions ? { actions: alert.actions } : {}) }, keepLast });
      return id;
    },
    [keepLast],
  );

  const dismiss = useCallback((id: string) => dispatch({ kind: "dismiss", id }), []);

  // Timers follow the state: success alerts dismiss themselves, leaving alerts are removed after the fade.
  useEffect(() => {
    const dismissing = dismissTimers.current;
    const removing = removeTimers.current;
    const present = new Set(alerts.map((alert) => alert.id));
    for (const alert of alerts) {
      if (alert.leaving) {
        const pending = dismissing.get(alert.id);
        if (pending !== undefined) {
          clearTimeout(pending);
          dismissing.delete(alert.id);
        }
        if (!removing.has(alert.id)) {
          removing.set(
            alert.id,
            setTimeout(() => {
              removing.delete(alert.id);
              dispatch({ kind: "remove", id: alert.id });
            }, fadeMs),
          );
        }
      } else if (dismissesItself(alert) && !dismissing.has(alert.id)) {
        dismissing.set(
          alert.id,
          setTimeout(() => {
            dismissing.delete(alert.id);
            dispatch({ kind: "dismiss", id: alert.id });
          }, successDismissMs),
        );
      }
    }
    for (const [id, timer] of dismissing) {
      if (!present.has(id)) {
        clearTimeout(timer);
        dismissing.delete(id);
      }
    }
  }, [alerts, fadeMs, successDismissMs]);

  useEffect(() => {
    const dismissing = dismissTimers.current;
    const removing = removeTimers.current;
    return () => {
      for (const timer of dismissing.values()) clearTimeout(timer);
      for (const timer of removing.values()) clearTimeout(timer);
      dismissing.clear();
      removing.clear();
    };
  }, []);

  const value = useMemo(() => ({ alerts, showAlert, dismiss }), [alerts, showAlert, dismiss]);
  return <AlertsContext value={value}>{children}</AlertsContext>;
}

/** The alert list of the nearest AlertsProvider. */
export function useAlerts(): AlertsContextValue {
  const context = useContext(AlertsContext);
  if (!context) throw new Error("useAlerts() needs an <AlertsProvider> above it.");
  return context;
}

const alertIcons: Readonly<Record<AlertEntry["type"], string>> = {
  error: "!",
  info: "i",
  success: "✓",
};

export interface AlertListProps {
  className?: string;
}

/**
 * The shown alerts, as a polite live region; errors are announced
 * assertively (role="alert"). Place it once in the page shell.
 */
export function AlertList({ className }: AlertListProps) {
  const intl = useIntl();
  const { alerts, dismiss } = useAlerts();
  const dismissLabel = intl.formatMessage({ id: uiMessageId("ui.alert.dismiss") });
  return (
    <div
      className={className ? `ks-alert-list ${className}` : "ks-alert-list"}
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: uiMessageId("ui.alert.regionLabel") })}
    >
      {alerts.map((alert) => (
        <div
          key={alert.id}
          className={`ks-alert ks-alert--${alert.type}${alert.leaving ? " ks-alert--leaving" : ""}`}
          role={alert.type === "error" ? "alert" : undefined}
          aria-hidden={alert.leaving ? true : undefined}
          data-alert-id={alert.id}
        >
          <span className="ks-alert__icon" aria-hidden="true">
            {alertIcons[alert.type]}
          </span>
          {alert.actions && alert.actions.length > 0 ? (
            <div className="ks-alert__content">
              <p className="ks-alert__message">{alert.message}</p>
              <div className="ks-alert__actions">
                {alert.actions.map((action) =>
                  action.href ? (
                    <a key={action.label} className="ks-alert__action" href={action.href} tabIndex={alert.leaving ? -1 : undefined}>
                      {action.label}
                    </a>
                  ) : (
                    <button
                      key={action.label}
                      type="button"
                      className={`ks-alert__action${action.primary ? " ks-alert__action--primary" : ""}`}
                      tabIndex={alert.leaving ? -1 : undefined}
                      onClick={() => {
                        dismiss(alert.id);
                        action.onSelect?.();
                      }}
                    >
                      {action.label}
                    </button>
                  ),
                )}
              </div>
            </div>
          ) : (
            <p className="ks-alert__message">{alert.message}</p>
          )}
          <button
            type="button"
            className="ks-alert__dismiss"
            aria-label={dismissLabel}
            title={dismissLabel}
            tabIndex={alert.leaving ? -1 : undefined}
            onClick={() => dismiss(alert.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
