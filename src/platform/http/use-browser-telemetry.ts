import { useEffect } from "react";
import { useFeatureFlag } from "../../ui/feature-flags-context.tsx";
import { configureClientMetrics } from "./client-metrics.ts";

/**
 * The page's telemetry switches, read from the flags: uncaught errors go to
 * /error-reporting/web with error_reporting on; HTTP failures go to client
 * metrics with client_metrics_error_reporting on. The error reporter is a
 * chunk of its own, loaded by the first uncaught error (which it then
 * reports): a page without errors, nearly every page, never downloads it.
 */
export function useBrowserTelemetry(user: { readonly id: number | null; readonly username: string }): void {
  const errorReporting = useFeatureFlag("error_reporting");
  const httpErrors = useFeatureFlag("client_metrics_error_reporting");
  useEffect(() => configureClientMetrics({ httpErrors }), [httpErrors]);
  const { id, username } = user;
  useEffect(() => {
    if (!errorReporting) return undefined;
    let stopReporting: (() => void) | undefined;
    let stopped = false;
    const loadOnFirst = (event: Event) => {
      stopWaiting();
      void import("./browser-errors.ts").then(({ installBrowserErrorReporting }) => {
        if (!stopped) stopReporting = installBrowserErrorReporting({ user: { id, username }, first: event });
      }, () => undefined);
    };
    const stopWaiting = () => {
      window.removeEventListener("error", loadOnFirst);
      window.removeEventListener("unhandledrejection", loadOnFirst);
    };
    window.addEventListener("error", loadOnFirst);
    window.addEventListener("unhandledrejection", loadOnFirst);
    return () => {
      stopped = true;
      stopWaiting();
      stopReporting?.();
    };
  }, [errorReporting, id, username]);
}
