/**
 * Every feature flag the product reads, with its default. A flag of spec 001
 * §9 whose feature is not built yet (user activity service, analytics
 * shutdown, localized theme names, hide_verified_link, the friends-service
 * search, the clash and duolingo flair categories) is added with the code
 * that reads it: a flag nothing reads would only pretend to switch something.
 * The server reads overrides from KINGSIDE_FEATURES ("name=1,other=0") at start; pages receive
 * the resolved set in their root data, so the browser sees the same values.
 */
export const featureFlagDefaults = {
  /** Send a 32-character random request id header with each browser request. */
  client_request_id: true,
  /** Record user-popover open/close events. */
  user_popover_events: true,
  /** Answer 403 challenge responses with the human-check flow. */
  managed_challenge_handler: true,
  /** Report HTTP failures (status 400 and above) to client metrics. */
  client_metrics_error_reporting: true,
  /** Accept browser error reports at POST /error-reporting/web. */
  error_reporting: true,
  /** Show the new flair rendering instead of the old flair icon. */
  web_flair_rpc: true,
  /** Show the sanctioned presentation for Russia's flag. */
  sanction_russia_flag: true,
  /** Show the sanctioned presentation for Belarus's flag. */
  sanction_belarus_flag: true,
  /** Show gold, platinum and diamond badges in taglines. */
  membership_badges: true,
  /** Store no abuse reports; only block the user when asked. */
  abuse_report_stopping: false,
  /** Refuse username searches whose query is not a string. */
  username_search_string_check: true,
} as const satisfies Record<string, boolean>;

export type FeatureFlagName = keyof typeof featureFlagDefaults;
export type FeatureFlags = Readonly<Record<FeatureFlagName, boolean>>;

export const featureFlagNames = Object.keys(featureFlagDefaults).filter(isFeatureFlagName);

export function isFeatureFlagName(name: string): name is FeatureFlagName {
  return Object.hasOwn(featureFlagDefaults, name);
}

/** Parses "a=1,b=0,c" (c means on). Unknown names are an error: a typo must not pass silently. */
export function parseFeatureFlags(spec: string | undefined): FeatureFlags {
  const flags: Record<FeatureFlagName, boolean> = { ...featureFlagDefaults };
  for (const part of (spec ?? "").split(",").map((item) => item.trim()).filter(Boolean)) {
    const [rawName = "", rawValue = "1"] = part.split("=").map((item) => item.trim());
    if (!isFeatureFlagName(rawName)) throw new Error(`Unknown feature flag "${rawName}" in KINGSIDE_FEATURES.`);
    if (!["1", "0", "true", "false", "on", "off"].includes(rawValue)) {
      throw new Error(`Feature flag "${rawName}" must be 1 or 0, not "${rawValue}".`);
    }
    flags[rawName] = ["1", "true", "on"].includes(rawValue);
  }
  return flags;
}
