import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { createModuleBoundaries } from "../../eslint/module-boundaries.js";

/** The project's own ESLint configuration, run on in-memory fixtures placed in each zone. */
const root = fileURLToPath(new URL("../..", import.meta.url));
// The fixtures exist only in memory, outside the TypeScript program: the type-aware rules (and the project service) are
// switched off for them; the boundary and import rules under test need no types.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "kingside/module-boundaries").map((message) => message.message);
}

describe("module boundary zones (eslint.config.js)", () => {
  it("fails a platform module that imports a feature", async () => {
    const errors = await boundaryErrors("src/platform/shell/boundary-fixture.ts", 'import { levels } from "../../features/accounts/levels.ts";\nexport const fixture = levels;\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("The platform never imports a feature");
  });

  it("fails the UI kit and the server plugins too, and a platform import of the composition root", async () => {
    expect(await boundaryErrors("src/ui/boundary-fixture.tsx", 'export { SocialLayer } from "../features/social/card/social-layer.tsx";\n')).toHaveLength(1);
    expect(await boundaryErrors("src/server/plugins/boundary-fixture.ts", 'import "../../features/presence/presence.server.ts";\n')).toHaveLength(1);
    expect(await boundaryErrors("src/platform/boundary-fixture.ts", 'import "../app/features.server.ts";\n')).toHaveLength(1);
  });

  it("lets the platform import the platform", async () => {
    expect(await boundaryErrors("src/platform/shell/boundary-fixture.ts", 'import { textDirection } from "../i18n/locales.ts";\nexport const fixture = textDirection;\n')).toEqual([]);
  });

  it("fails a feature that imports another feature's tables, at any folder depth", async () => {
    const shallow = await boundaryErrors("src/features/social/boundary-fixture.ts", 'import { users } from "../accounts/accounts.tables.server.ts";\nexport const fixture = users;\n');
    const deep = await boundaryErrors("src/features/social/card/boundary-fixture.ts", 'import { users } from "../../accounts/accounts.tables.server.ts";\nexport const fixture = users;\n');
    expect(shallow).toHaveLength(1);
    expect(shallow[0]).toContain("never imports another owner's tables");
    expect(deep).toHaveLength(1);
  });

  it("lets a feature import its own tables and another feature's public modules; lets tests set up fixtures", async () => {
    expect(await boundaryErrors("src/features/social/card/boundary-fixture.ts", 'import { follows } from "../social.tables.server.ts";\nexport const fixture = follows;\n')).toEqual([]);
    expect(await boundaryErrors("src/features/social/boundary-fixture.ts", 'import { memberIdColumn } from "../accounts/member-reference.server.ts";\nexport const fixture = memberIdColumn;\n')).toEqual([]);
    expect(await boundaryErrors("src/features/social/boundary-fixture.test.ts", 'import { users } from "../accounts/accounts.tables.server.ts";\nexport const fixture = users;\n')).toEqual([]);
  });

  it("exempts no file: the files once on the allow-list fail like any other (decision 0051)", async () => {
    const formerDebts = ["src/features/members/members.service.server.ts", "src/features/members/public-api/public-api.service.server.ts", "src/features/social/social.service.server.ts"];
    for (const filePath of formerDebts) {
      const depth = filePath.split("/").length - 3;
      const code = `import { users } from "${"../".repeat(depth)}accounts/accounts.tables.server.ts";\nexport const fixture = users;\n`;
      expect(await boundaryErrors(filePath, code), filePath).toHaveLength(1);
    }
  });

  it("finds no boundary crossed anywhere in the tree, with no allow-list", async () => {
    // The boundary rule alone (the project's other rules are not this test's business, and cost a minute on the whole tree).
    const boundariesOnly = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser }, plugins: { kingside: { rules: { "module-boundaries": createModuleBoundaries({ root }) } } }, rules: { "kingside/module-boundaries": "error" } },
      ],
    });
    const results = await boundariesOnly.lintFiles(["src/**/*.{ts,tsx}"]);
    const findings = results.flatMap((result) => result.messages.filter((message) => message.ruleId === "kingside/module-boundaries").map((message) => `${result.filePath}:${message.line} ${message.message}`));
    expect(findings).toEqual([]);
  }, 180_000);

  it("makes the process reach features only through the composition root", async () => {
    expect(await boundaryErrors("src/server/boundary-fixture.ts", 'import "../features/accounts/viewer.server.ts";\n')).toHaveLength(1);
    expect(await boundaryErrors("src/server/boundary-fixture.ts", 'import "../app/features.server.ts";\n')).toEqual([]);
  });
});

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
}

describe("no validation library in browser components (eslint.config.js, decision 0028)", () => {
  it("fails a component that imports zod at run time, from the package or a subpath", async () => {
    const direct = await restrictedImportErrors("src/features/social/card/zod-fixture.tsx", 'import { z } from "zod";\nexport const fixture = z.string();\n');
    expect(direct).toHaveLength(1);
    expect(direct[0]).toContain("decision 0028");
    expect(await restrictedImportErrors("src/ui/zod-fixture.tsx", 'import { z } from "zod/mini";\nexport const fixture = z.string();\n')).toHaveLength(1);
  });

  it("lets a component import zod's types, and lets tests and server modules parse", async () => {
    expect(await restrictedImportErrors("src/features/social/card/zod-fixture.tsx", 'import type { z } from "zod";\nexport type Fixture = z.infer<z.ZodString>;\n')).toEqual([]);
    expect(await restrictedImportErrors("src/features/social/card/zod-fixture.test.tsx", 'import { z } from "zod";\nexport const fixture = z.string();\n')).toEqual([]);
    expect(await restrictedImportErrors("src/features/social/zod-fixture.server.ts", 'import { z } from "zod";\nexport const fixture = z.string();\n')).toEqual([]);
  });
});

describe("type-aware lint (eslint.config.js, decision 0030)", () => {
  it("reads the TypeScript program: a floating promise and an unsafe any in a project file fail", async () => {
    const typed = new ESLint({ cwd: root });
    const code = 'export async function later(): Promise<number> { return 1; }\nlater();\nexport const value: string = JSON.parse("1");\n';
    const [result] = await typed.lintText(code, { filePath: "src/platform/http/failure-statuses.ts" });
    const rules = (result?.messages ?? []).map((message) => message.ruleId);
    expect(rules).toEqual(expect.arrayContaining(["@typescript-eslint/no-floating-promises", "@typescript-eslint/no-unsafe-assignment"]));
  });
});
