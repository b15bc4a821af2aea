import { createContext, useContext } from "react";

export type FeatureFlagValues = Readonly<Record<string, boolean>>;

const noFlags: FeatureFlagValues = Object.freeze({});

/**
 * The resolved feature flags for UI kit components (the page shell provides
 * the root data's flags: <FeatureFlagsContext value={flags}>). Without a
 * provider every flag reads as off.
 */
export const FeatureFlagsContext = createContext<FeatureFlagValues>(noFlags);

export function useFeatureFlags(): FeatureFlagValues {
  return useContext(FeatureFlagsContext);
}

/** Whether a flag is on; `override` (a component's own prop) wins over the context. */
export function useFeatureFlag(name: string, override?: FeatureFlagValues): boolean {
  const flags = useContext(FeatureFlagsContext);
  const source = override ?? flags;
  return Object.hasOwn(source, name) ? source[name] === true : false;
}
