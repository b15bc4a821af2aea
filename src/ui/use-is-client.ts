import { useSyncExternalStore } from "react";

function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * False on the server and while hydrating, true afterwards (and at once in a
 * client-only render). Lets portals render only where document exists
 * without a hydration mismatch.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
