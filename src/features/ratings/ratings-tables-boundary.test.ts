import { ESLint } from "eslint";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * No one but the ratings feature reads or writes its tables (decision 0050):
 * the module-boundary lint refuses the import in another feature, and the
 * source tree holds none anywhere (the seed and the composition root
 * included, which the lint's zones would let through). Tests and test kits
 * may set up fixtures.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const testFile = /\.test\.tsx?$|[.-]test-(kit|support)|\/test-browser\.ts$|^src\/test\//;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path).split("\\").join("/")] : [];
  });
}

describe("the ratings tables are the ratings feature's", () => {
  it("the lint fails another feature's module that imports them", async () => {
    const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
    const [result] = await eslint.lintText('import { ratings } from "../ratings/ratings.tables.server.ts";\nexport const fixture = ratings;\n', { filePath: "src/features/play/ratings-boundary-fixture.ts" });
    const boundary = (result?.messages ?? []).filter((message) => message.ruleId === "kingside/module-boundaries");
    expect(boundary.map((message) => message.message)).toEqual([expect.stringContaining("never imports another owner's tables")]);
  }, 60_000);

  it("no module outside the feature imports them", () => {
    const importers = sourceFiles(join(root, "src"))
      .filter((path) => !path.startsWith("src/features/ratings/") && !testFile.test(path))
      .filter((path) => readFileSync(join(root, path), "utf8").includes("ratings.tables.server"));
    expect(importers).toEqual([]);
  });
});
