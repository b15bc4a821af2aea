import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { createModuleBoundaries } from "./eslint/module-boundaries.js";

const zodInBrowserMessage =
  "Components run in the browser, which carries no validation library: import the types (import type) and leave the parsing to the server (decision 0028).";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "drizzle/", "data/", "scratch/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Type-aware rules read the TypeScript program (tsconfig.json) through the project service (decision 0030).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Plain JavaScript (this file, the lint rule modules) is outside the TypeScript program: no type-aware rules there.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: {
      "react-hooks": reactHooks,
      kingside: { rules: { "module-boundaries": createModuleBoundaries({ root: import.meta.dirname }) } },
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
      "kingside/module-boundaries": "error",
      // Off, 99 findings of one harmless kind: Fastify handlers, port implementations and job bodies are `async` because
      // their contract returns a promise (a thrown AppError must become a rejected promise, not a synchronous throw).
      "@typescript-eslint/require-await": "off",
      // Off, 54 findings of one harmless kind: services, ports and test helpers are object literals of closures built by
      // factory functions (`created.drop`, `social.block` passed as a value); none of them reads `this`.
      "@typescript-eslint/unbound-method": "off",
      // React Router loaders end with `throw data(null, { status: 404 })` or `throw redirect(...)`: its documented way.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: ["DataWithResponseInit", "UNSAFE_DataWithResponseInit"] },
          ],
        },
      ],
      // One formatter on the server and in the browser (decision 0034); react-intl is no longer installed.
      "no-restricted-imports": [
        "error",
        {
          paths: ["react-intl", "@formatjs/intl", "intl-messageformat"].map((name) => ({
            name,
            message: "Format messages with src/platform/i18n/intl.tsx (useIntl, FormattedMessage, createIntl): decision 0034.",
          })),
        },
      ],
    },
  },
  {
    // vitest's asymmetric matchers (expect.any, expect.stringContaining, ...) are typed `any`: every `toMatchObject`
    // with one would be an "unsafe assignment". Production code keeps the rule.
    files: ["**/*.test.{ts,tsx}", "**/*.spec.ts", "src/test/**", "**/*.test-support.ts", "**/test-kit*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    // Components run in the browser, which carries no validation library: the server validates, the browser uses the
    // types derived from its schemas (docs/decisions/0028-no-validation-library-in-the-browser.md). Tests may parse.
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: zodInBrowserMessage, allowTypeImports: true }],
          patterns: [{ group: ["zod/*"], message: zodInBrowserMessage, allowTypeImports: true }],
        },
      ],
    },
  },
);
