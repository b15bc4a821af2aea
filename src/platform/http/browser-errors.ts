/**
 * The browser's uncaught errors (window "error" and "unhandledrejection") go
 * to POST /error-reporting/web (spec 001 §7.7) when the error_reporting flag
 * is on. Fire-and-forget through sendBeacon, bounded: the same message is
 * sent once per page, and at most MAX_REPORTS_PER_PAGE in all, so a loop that
 * throws cannot flood the endpoint. The server takes the reporter from the
 * session; the body's user record is what the spec lists, for the log.
 */
export const ERROR_REPORTING_PATH = "/error-reporting/web";
const MAX_REPORTS_PER_PAGE = 10;
/** The server refuses longer errors (client-reports.routes.server.ts). */
const MAX_ERROR_LENGTH = 6_000;

export interface ErrorReportUser {
  readonly id: number | null;
  readonly username: string;
}

export interface BrowserErrorTarget {
  addEventListener(type: "error" | "unhandledrejection", listener: (event: Event) => void): void;
  removeEventListener(type: "error" | "unhandledrejection", listener: (event: Event) => void): void;
}

/** What an uncaught error or rejection says, with its stack when it has one. */
export function describeUncaught(event: Event): string | null {
  const reason: unknown = "reason" in event ? event.reason : "error" in event ? (event.error ?? ("message" in event ? event.message : null)) : null;
  if (reason instanceof Error) return (reason.stack && reason.stack.includes(reason.message) ? reason.stack : `${reason.name}: ${reason.message}\n${reason.stack ?? ""}`).trim();
  if (typeof reason === "string" && reason) return reason;
  if (reason === null || reason === undefined) return null;
  try {
    return JSON.stringify(reason);
  } catch {
    // A bigint, or an object JSON cannot write (a cycle): its type is what can be said of it.
    return typeof reason === "bigint" ? reason.toString() : Object.prototype.toString.call(reason);
  }
}

/** Starts reporting; returns the function that stops it. */
export function installBrowserErrorReporting(options: {
  readonly user: ErrorReportUser;
  readonly target?: BrowserErrorTarget;
  readonly send?: (path: string, body: string) => void;
  readonly userAgent?: string;
  /** An error that happened before reporting started (the one that made the page load this module): reported at once. */
  readonly first?: Event;
}): () => void {
  const target = options.target ?? window;
  const send = options.send ?? sendBeaconOrFetch;
  const sent = new Set<string>();
  function handleUncaught(event: Event): void {
    const error = describeUncaught(event);
    // The same message from another line is the same error for the log.
    const key = error?.split("\n")[0];
    if (!error || !key || sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(key);
    const user = options.user.id === null ? null : { id: options.user.id, username: options.user.username, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    send(ERROR_REPORTING_PATH, JSON.stringify({ user, userAgent: (options.userAgent ?? navigator.userAgent).slice(0, 512), error: error.slice(0, MAX_ERROR_LENGTH) }));
  }
  if (options.first) handleUncaught(options.first);
  target.addEventListener("error", handleUncaught);
  target.addEventListener("unhandledrejection", handleUncaught);
  return () => {
    target.removeEventListener("error", handleUncaught);
    target.removeEventListener("unhandledrejection", handleUncaught);
  };
}

function sendBeaconOrFetch(path: string, body: string): void {
  const sent = typeof navigator.sendBeacon === "function" && navigator.sendBeacon(path, new Blob([body], { type: "application/json" }));
  if (!sent) void fetch(path, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => undefined);
}
