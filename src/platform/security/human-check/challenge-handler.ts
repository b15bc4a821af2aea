import { resolveRequestLocale } from "../../i18n/request-locale.ts";
import { generateLink, safeRedirectPath } from "../../links/links.ts";
import { MAX_WIDGET_ERRORS } from "./human-check-limits.ts";
import type { HumanCheckRun } from "./human-check-run.ts";

/**
 * The managed-challenge flow of the browser (spec 001 §4.7), as a small store
 * that the HTTP client calls and the dialog renders:
 *
 * - the first request answered 403 with the challenge header opens the
 *   dialog ("waiting": the member must tick the box); every further one,
 *   while the dialog is open, joins the queue;
 * - ticking the box runs the widget (fetch, solve, verify: "working");
 * - a pass replays every queued request, and each caller gets its replayed
 *   response; the dialog goes away;
 * - a failure without a pass (the server refused the work) sends the browser
 *   to the verification page, with redirect=<current path>&referer=<referrer>;
 * - a widget error lets the member try again; after the third, every queued
 *   request is rejected.
 */

export type HumanCheckPhase = "closed" | "waiting" | "working";

export interface ChallengeHandlerState {
  readonly phase: HumanCheckPhase;
  /** The estimated share of the work done while working, 0..1. */
  readonly progress: number;
  /** Widget errors in this round (reset when the dialog closes). */
  readonly errors: number;
  /** Requests waiting for the check. */
  readonly queued: number;
}

export type HumanCheckFailure = "cancelled" | "failed" | "too_many_errors";

/** What a queued request rejects with when the check does not pass. */
export class HumanCheckError extends Error {
  override readonly name = "HumanCheckError";
  constructor(readonly reason: HumanCheckFailure) {
    super(`human check ${reason}`);
  }
}

export interface BrowserLocation {
  /** The current path and query. */
  readonly path: string;
  /** The same-site path of document.referrer, if any. */
  readonly referrer: string | null;
}

export interface ChallengeHandlerOptions {
  readonly run: HumanCheckRun;
  /** Goes to another page; window.location.assign by default. */
  readonly navigate?: (url: string) => void;
  readonly currentLocation?: () => BrowserLocation;
  /** The verification page for a return path and referer. */
  readonly verificationUrl?: (redirect: string, referer: string | null) => string;
  /** The verify subdomain's origin (verifyOriginFor), where the default verification page is; null: this host. */
  readonly verifyOrigin?: string | null;
  readonly maxErrors?: number;
}

export interface ChallengeHandler {
  /** The HTTP client's onChallenge: queues `retry` and resolves with its response once the check passes. */
  readonly onChallenge: (retry: () => Promise<Response>) => Promise<Response>;
  /** The box was ticked: run the widget. */
  readonly start: () => void;
  /** The dialog was closed: reject every queued request. */
  readonly cancel: () => void;
  readonly getState: () => ChallengeHandlerState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Told when the queue was rejected after too many widget errors (the shell shows a toast). */
  readonly subscribeGiveUp: (listener: () => void) => () => void;
}

interface QueuedRequest {
  readonly retry: () => Promise<Response>;
  readonly resolve: (response: Response) => void;
  readonly reject: (reason: unknown) => void;
}

export const closedState: ChallengeHandlerState = Object.freeze({ phase: "closed", progress: 0, errors: 0, queued: 0 });

function browserLocation(): BrowserLocation {
  if (typeof window === "undefined") return { path: "/", referrer: null };
  let referrer: string | null = null;
  try {
    const url = new URL(document.referrer);
    if (url.origin === window.location.origin) referrer = safeRedirectPath(url.pathname + url.search);
  } catch {
    referrer = null;
  }
  return { path: window.location.pathname + window.location.search, referrer };
}

/** The verification page on the verify subdomain (spec 001 §2.6), in the language of the page the member is on (its /xx/ prefix). */
function verificationUrlOn(verifyOrigin: string | null) {
  return (redirect: string, referer: string | null): string => {
    const { pathLocale } = resolveRequestLocale(new URL(redirect, "http://same.invalid"), null);
    return (verifyOrigin ?? "") + generateLink("web_verification_index", referer ? { redirect, referer } : { redirect }, { locale: pathLocale });
  };
}

export function createChallengeHandler(options: ChallengeHandlerOptions): ChallengeHandler {
  const maxErrors = options.maxErrors ?? MAX_WIDGET_ERRORS;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const currentLocation = options.currentLocation ?? browserLocation;
  const verificationUrl = options.verificationUrl ?? verificationUrlOn(options.verifyOrigin ?? null);
  const listeners = new Set<() => void>();
  const giveUpListeners = new Set<() => void>();
  let queue: QueuedRequest[] = [];
  let state = closedState;
  let running: AbortController | null = null;

  function update(next: Partial<ChallengeHandlerState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  /** Empties the queue and closes the dialog; returns what was queued. */
  function close(): QueuedRequest[] {
    const taken = queue;
    queue = [];
    running = null;
    state = closedState;
    for (const listener of listeners) listener();
    return taken;
  }

  function rejectAll(reason: HumanCheckFailure): void {
    for (const request of close()) request.reject(new HumanCheckError(reason));
  }

  function replayAll(): void {
    for (const request of close()) request.retry().then(request.resolve, request.reject);
  }

  async function runWidget(controller: AbortController): Promise<void> {
    let shownPercent = -1;
    try {
      const outcome = await options.run({
        signal: controller.signal,
        onProgress: (fraction) => {
          const percent = Math.floor(fraction * 100);
          if (running !== controller || percent === shownPercent) return;
          shownPercent = percent;
          update({ progress: fraction });
        },
      });
      if (running !== controller) return;
      if (outcome === "passed") {
        replayAll();
        return;
      }
      const here = currentLocation();
      rejectAll("failed");
      navigate(verificationUrl(here.path, here.referrer));
    } catch {
      if (running !== controller) return;
      const errors = state.errors + 1;
      if (errors >= maxErrors) {
        rejectAll("too_many_errors");
        for (const listener of giveUpListeners) listener();
        return;
      }
      running = null;
      update({ phase: "waiting", progress: 0, errors });
    }
  }

  return {
    onChallenge(retry) {
      return new Promise<Response>((resolve, reject) => {
        queue.push({ retry, resolve, reject });
        update({ phase: state.phase === "closed" ? "waiting" : state.phase, queued: queue.length });
      });
    },
    start() {
      if (state.phase !== "waiting") return;
      const controller = new AbortController();
      running = controller;
      update({ phase: "working", progress: 0 });
      void runWidget(controller);
    },
    cancel() {
      if (state.phase === "closed") return;
      running?.abort();
      rejectAll("cancelled");
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeGiveUp(listener) {
      giveUpListeners.add(listener);
      return () => giveUpListeners.delete(listener);
    },
  };
}
