import { reportClientMetric } from "./client-metrics.ts";

/**
 * Lazily loaded chunks retry twice, each time with a cache-busting query, so a
 * deploy that replaced the chunk or a flaky network does not break the page.
 */
export const CHUNK_RETRIES = 2;

/** The module URL a failed dynamic import names in its error message, if any. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.(?:js|mjs|css))/.exec(message)?.[1] ?? null;
}

export function cacheBusted(url: string, attempt: number, now: number = Date.now()): string {
  const separator = url.includes("?") ? "&" : "?";
  return `${url}${separator}retry=${attempt}&t=${now}`;
}

type Importer<T> = (url?: string) => Promise<T>;

/**
 * Runs `load`; when it fails, imports the failed URL again with a cache buster,
 * up to CHUNK_RETRIES times, then gives up with the last error.
 * `importUrl` is injectable for tests (it defaults to a native dynamic import).
 */
export async function importWithRetry<T>(load: () => Promise<T>, importUrl: Importer<T> = (url) => import(/* @vite-ignore */ url ?? "")): Promise<T> {
  let lastError: unknown;
  try {
    return await load();
  } catch (error) {
    lastError = error;
  }
  const url = failedModuleUrl(lastError);
  for (let attempt = 1; url && attempt <= CHUNK_RETRIES; attempt++) {
    try {
      return await importUrl(cacheBusted(url, attempt));
    } catch (error) {
      lastError = error;
    }
  }
  reportClientMetric({ kind: "chunk_error", code: "JS_CHUNK_LOAD_FAILED", url: url ?? "", message: String(lastError) });
  throw lastError;
}

/** The code a failed preload reports: CSS chunks have their own. */
export function chunkErrorCode(message: string): "CSS_CHUNK_LOAD_FAILED" | "JS_CHUNK_LOAD_FAILED" {
  return /\.css\b|preload CSS/i.test(message) ? "CSS_CHUNK_LOAD_FAILED" : "JS_CHUNK_LOAD_FAILED";
}

let installed = false;

/** Vite announces failed preloads (CSS included) with a window event; report them. */
export function installChunkRetry(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("vite:preloadError", (event) => {
    const payload: unknown = "payload" in event ? event.payload : undefined;
    const message = payload instanceof Error ? payload.message : String(payload);
    reportClientMetric({ kind: "chunk_error", code: chunkErrorCode(message), url: failedModuleUrl(payload) ?? "", message });
  });
}
