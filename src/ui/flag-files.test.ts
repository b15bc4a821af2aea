import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { flagFiles, flagIconsVersion } from "./flag-files.ts";

const installed = JSON.parse(readFileSync("node_modules/flag-icons/package.json", "utf8")) as { version: string };

describe("the flag files the browser knows", () => {
  it("name the installed flag-icons version, so an upgrade moves the cached URLs", () => {
    expect(flagIconsVersion).toBe(installed.version);
  });

  it("are exactly the package's 4x3 SVGs", () => {
    const svgs = readdirSync("node_modules/flag-icons/flags/4x3").map((name) => name.replace(/\.svg$/, ""));
    expect([...flagFiles].sort()).toEqual(svgs.sort());
  });
});
