import { useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../shell/root-data.ts";
import { useFeatureFlag } from "../../../ui/feature-flags-context.tsx";
import { createHttpClient } from "../../http/http-client.ts";
import { HttpClientProvider } from "../../http/http-client-context.tsx";
import { createChallengeHandler } from "./challenge-handler.ts";
import { HumanCheckDialog } from "./human-check-dialog.tsx";
import { createHumanCheckRun } from "./human-check-run.ts";

/**
 * The page's HTTP client with the managed-challenge handler plugged into its
 * onChallenge, and the dialog it opens. With the managed_challenge_handler
 * flag off there is no handler: a challenged request fails like any 403.
 */
export function ManagedChallengeHttpClientProvider({ children }: { children: ReactNode }) {
  const enabled = useFeatureFlag("managed_challenge_handler");
  // One handler per page. The check's own calls go through a client of their own, which has no
  // handler: they must never be challenged into a second dialog.
  const verifyOrigin = useRouteLoaderData<RootData>("root")?.verifyOrigin ?? null;
  const [handler] = useState(() => createChallengeHandler({ run: createHumanCheckRun(createHttpClient()), verifyOrigin }));
  return (
    <HttpClientProvider {...(enabled ? { onChallenge: handler.onChallenge } : {})}>
      {children}
      {enabled && <HumanCheckDialog handler={handler} />}
    </HttpClientProvider>
  );
}
