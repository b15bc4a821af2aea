import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("HTML rendered as HTML", () => {
  it("happens only in SanitisedHtmlBlock, which takes only a sanitiser's output", () => {
    const files = execFileSync("git", ["ls-files", "src/**/*.tsx", "src/**/*.ts"], { encoding: "utf8" }).trim().split("\n");
    const rendering = files.filter((file) => !file.endsWith(".test.ts") && readFileSync(file, "utf8").includes("dangerouslySetInnerHTML"));
    expect(rendering).toEqual(["src/ui/sanitised-html.tsx"]);
  });
});
