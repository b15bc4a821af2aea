import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { createModuleBoundaries } from "./eslint/module-boundaries.js";

/**
 * Files that break a boundary today, each with the work that removes it.
 * Keep this list short; never add production code to it without a plan.
 */
const knownBoundaryDebts = [
  // Not on the accounts member directory yet: member lists and counts, the public API's one-query player read, and the
  // social graph's target checks read users (and presence, follows) in their own queries.
  "src/features/members/members.service.server.ts",
  "src/features/members/public-api/public-api.service.server.ts",
  "src/features/social/social.service.server.ts",
];

const zodInBrowserMessage =
  "Components run in the browser, which carries no validation library: import the types (import type) and leave the parsing to the server (decision 0028).";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "drizzle/", "data/", "scratch/", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: {
      "react-hooks": reactHooks,
      kingside: { rules: { "module-boundaries": createModuleBoundaries({ root: import.meta.dirname, allow: knownBoundaryDebts }) } },
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
      "kingside/module-boundaries": "error",
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
