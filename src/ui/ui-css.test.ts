import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const folder = new URL("./", import.meta.url);
const css = readFileSync(new URL("ui.css", folder), "utf8");
const componentSources = readdirSync(folder)
  .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx") && file !== "test-utils.tsx")
  .map((file) => readFileSync(new URL(file, folder), "utf8"));

/** Class names the components write literally (template prefixes such as "ks-flag--" are checked below). */
function classNamesInSources(): string[] {
  const names = new Set<string>();
  for (const source of componentSources) {
    for (const literal of source.matchAll(/(?:className=|classes|Class|"|`| )(ks-[a-z0-9_-]+)/g)) {
      const name = literal[1] ?? "";
      if (!name.endsWith("-")) names.add(name);
    }
  }
  return [...names].sort();
}

function definedInCss(name: string): boolean {
  return new RegExp(`\\.${name}(?![a-z0-9_-])`).test(css);
}

describe("ui.css", () => {
  it("styles every class the components use", () => {
    const used = classNamesInSources();
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter((name) => !definedInCss(name))).toEqual([]);
  });

  it("styles the variants the components build from props and state", () => {
    const variants = [
      "ks-alert--error",
      "ks-alert--success",
      "ks-alert--leaving",
      "ks-modal--small",
      "ks-modal--large",
      "ks-flag--small",
      "ks-flag--medium",
      "ks-flag--large",
      "ks-flag--blank",
      "ks-pagination__page--current",
      "ks-pagination__step--disabled",
      "ks-dropdown--open",
      "ks-dropdown--disabled",
      "ks-dropdown__option--selected",
    ];
    expect(variants.filter((name) => !definedInCss(name))).toEqual([]);
  });

  it("fades alerts over the 200 ms token, and shows visible focus rings", () => {
    expect(css).toMatch(/\.ks-alert\s*\{[^}]*transition:[^}]*opacity var\(--ks-duration-fade\)/);
    expect(css).toMatch(/:focus-visible\s*\{[^}]*box-shadow: var\(--ks-focus-ring\)/);
  });

  it("has a mobile layout below 768px and respects reduced motion", () => {
    expect(css).toContain("@media (max-width: 767.98px)");
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*\{[^@]*\.ks-alert,[^@]*animation: none;[^@]*transition: none;/,
    );
  });

  it("uses only tokens that tokens.css defines", () => {
    const tokens = readFileSync(new URL("tokens.css", folder), "utf8");
    const defined = new Set([...tokens.matchAll(/(--ks-[\w-]+)\s*:/g)].map((match) => match[1]));
    const used = new Set([...css.matchAll(/var\((--ks-[\w-]+)/g)].map((match) => match[1]));
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});
