import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const sourceRoot = fileURLToPath(new URL("../..", import.meta.url));
import { featureFlagDefaults, featureFlagNames, parseFeatureFlags } from "./feature-flags.ts";

describe("feature flags", () => {
  it("knows the spec's flags whose features exist", () => {
    for (const name of ["web_flair_rpc", "sanction_russia_flag", "sanction_belarus_flag", "membership_badges", "abuse_report_stopping", "client_request_id", "managed_challenge_handler", "client_metrics_error_reporting", "user_popover_events", "error_reporting"]) {
      expect(featureFlagNames).toContain(name);
    }
  });

  it("has no flag that nothing reads (a flag is added with the code it switches)", () => {
    const sources = readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith("feature-flags.ts"))
      .map((file) => readFileSync(join(sourceRoot, file), "utf8"))
      .join("\n");
    const unread = featureFlagNames.filter((name) => !sources.includes(name));
    expect(unread).toEqual([]);
  });

  it("takes overrides and keeps the defaults for the rest", () => {
    const flags = parseFeatureFlags("error_reporting=0, web_flair_rpc=0,abuse_report_stopping");
    expect(flags.error_reporting).toBe(false);
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
