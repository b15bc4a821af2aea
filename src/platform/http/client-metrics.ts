/**
 * Client metrics: HTTP failures (status 400 and above) and chunk-load failures
 * go to the server's metrics endpoint, fire-and-forget, never blocking the page.
 */
export const CLIENT_METRICS_PATH = "/client-metrics";

export type ClientMetric =
  | { readonly kind: "http_error"; readonly method: string; readonly url: string; readonly status: number; readonly message: string }
  | { readonly kind: "link_error"; readonly url: string; readonly message: string }
  | { readonly kind: "chunk_error"; readonly code: "CSS_CHUNK_LOAD_FAILED" | "JS_CHUNK_LOAD_FAILED"; readonly url: string; readonly message: string };

/** HTTP failures are reported only while the client_metrics_error_reporting flag is on (spec 001 §8); chunk and link failures always. */
let httpErrorsReported = true;

export function configureClientMetrics(options: { httpErrors: boolean }): void {
  httpErrorsReported = options.httpErrors;
}

export function reportClientMetric(metric: ClientMetric): void {
  if (typeof window === "undefined") return;
  if (metric.kind === "http_error" && !httpErrorsReported) return;
  // Never report a failure of the metrics call itself.
  if (metric.kind === "http_error" && metric.url.startsWith(CLIENT_METRICS_PATH)) return;
  const body = JSON.stringify(metric);
  const sent = typeof navigator.sendBeacon === "function" && navigator.sendBeacon(CLIENT_METRICS_PATH, new Blob([body], { type: "application/json" }));
  if (!sent) {
    void fetch(CLIENT_METRICS_PATH, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => undefined);
  }
}
