import { describe, expect, it } from "vitest";
import { featureFlagDefaults, featureFlagNames, parseFeatureFlags } from "./feature-flags.ts";

describe("feature flags", () => {
  it("knows every flag the spec names", () => {
    for (const name of ["web_flair_rpc", "hide_verified_link", "sanction_russia_flag", "sanction_belarus_flag", "membership_badges", "abuse_report_stopping", "client_request_id", "managed_challenge_handler", "localized_theme_names", "client_metrics_error_reporting", "user_popover_events", "user_activity_service", "analytics_shutdown", "error_reporting"]) {
      expect(featureFlagNames).toContain(name);
    }
  });

  it("takes overrides and keeps the defaults for the rest", () => {
    const flags = parseFeatureFlags("hide_verified_link=1, web_flair_rpc=0,abuse_report_stopping");
    expect(flags.hide_verified_link).toBe(true);
    expect(flags.web_flair_rpc).toBe(false);
    expect(flags.abuse_report_stopping).toBe(true);
    expect(flags.membership_badges).toBe(featureFlagDefaults.membership_badges);
    expect(parseFeatureFlags(undefined)).toEqual(featureFlagDefaults);
  });

  it("refuses unknown names and bad values", () => {
    expect(() => parseFeatureFlags("web_flair_rcp=1")).toThrow('Unknown feature flag "web_flair_rcp"');
    expect(() => parseFeatureFlags("web_flair_rpc=maybe")).toThrow("must be 1 or 0");
  });
});
