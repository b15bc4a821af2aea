import { useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../shell/root-data.ts";
import { useFeatureFlag } from "../../../ui/feature-flags-context.tsx";
import { importWithRetry } from "../../http/chunk-retry.ts";
import { HttpClientProvider } from "../../http/http-client-context.tsx";
import type { ManagedChallenge } from "./managed-challenge.tsx";

/**
 * The page's HTTP client with the managed-challenge handler plugged into its
 * onChallenge, and the dialog it opens. Both load with the first challenge,
 * so a page that is never challenged never downloads them. With the
 * managed_challenge_handler flag off there is no handler: a challenged
 * request fails like any 403.
 */
export function ManagedChallengeHttpClientProvider({ children }: { children: ReactNode }) {
  const enabled = useFeatureFlag("managed_challenge_handler");
  const verifyOrigin = useRouteLoaderData<RootData>("root")?.verifyOrigin ?? null;
  const [check, setCheck] = useState<ManagedChallenge | null>(null);
  // One handler per page, made on the first challenge; the requests challenged meanwhile wait for it.
  const [onChallenge] = useState(() => {
    let loading: Promise<ManagedChallenge> | null = null;
    return (retry: () => Promise<Response>) => {
      if (!loading) {
        const started = importWithRetry(() => import("./managed-challenge.tsx")).then((module) => {
          const made = module.createManagedChallenge(verifyOrigin);
          setCheck(made);
          return made;
        });
        loading = started;
        // A chunk that could not be loaded is asked for again on the next challenge.
        started.catch(() => {
          if (loading === started) loading = null;
        });
      }
      return loading.then((made) => made.handler.onChallenge(retry));
    };
  });
  return (
    <HttpClientProvider {...(enabled ? { onChallenge } : {})}>
      {children}
      {enabled && check && <check.Dialog />}
    </HttpClientProvider>
  );
}
