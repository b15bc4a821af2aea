import { useEffect } from "react";
import { useFeatureFlag } from "../../ui/feature-flags-context.tsx";
import { installBrowserErrorReporting } from "./browser-errors.ts";
import { configureClientMetrics } from "./client-metrics.ts";

/**
 * The page's telemetry switches, read from the flags: uncaught errors go to
 * /error-reporting/web with error_reporting on; HTTP failures go to client
 * metrics with client_metrics_error_reporting on.
 */
export function useBrowserTelemetry(user: { readonly id: number | null; readonly username: string }): void {
  const errorReporting = useFeatureFlag("error_reporting");
  const httpErrors = useFeatureFlag("client_metrics_error_reporting");
  useEffect(() => configureClientMetrics({ httpErrors }), [httpErrors]);
  const { id, username } = user;
  useEffect(() => (errorReporting ? installBrowserErrorReporting({ user: { id, username } }) : undefined), [errorReporting, id, username]);
}
