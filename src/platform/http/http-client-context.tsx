import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useIntl } from "../i18n/intl.tsx";
import { useAlerts } from "../../ui/alert.tsx";
import { useFeatureFlag } from "../../ui/feature-flags-context.tsx";
import { createHttpClient, type HttpClient, type HttpClientOptions } from "./http-client.ts";

const HttpClientContext = createContext<HttpClient | null>(null);

/**
 * The one browser HTTP client for the page, wired to the alert toasts and the
 * feature flags. `onChallenge` is where the human check plugs in.
 */
export function HttpClientProvider({ children, onChallenge }: { children: ReactNode; onChallenge?: HttpClientOptions["onChallenge"] }) {
  const { showAlert } = useAlerts();
  const intl = useIntl();
  const sendRequestId = useFeatureFlag("client_request_id");
  const badRequestText = intl.formatMessage({ id: "error.bad_request" });
  const client = useMemo(
    () =>
      createHttpClient({
        notifyError: (message) => showAlert({ type: "error", message }),
        sendRequestId,
        badRequestText,
        ...(onChallenge ? { onChallenge } : {}),
      }),
    [showAlert, sendRequestId, badRequestText, onChallenge],
  );
  return <HttpClientContext.Provider value={client}>{children}</HttpClientContext.Provider>;
}

export function useHttpClient(): HttpClient {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error("useHttpClient needs an HttpClientProvider above it");
  return client;
}
