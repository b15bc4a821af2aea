import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const stylesheet = (name: string) => readFileSync(new URL(name, import.meta.url), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
const darkCss = stylesheet("./tokens.css");
const lightCss = stylesheet("./tokens-light.css");

/** The custom properties of the first rule (of `css`) whose selector list is exactly `selector`. */
function declarations(selector: string, css = darkCss): Map<string, string> {
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  const rule = rules.find((match) => (match[1] ?? "").replace(/\s+/g, " ").trim() === selector);
  if (!rule) throw new Error(`no rule for ${selector}`);
  const values = new Map<string, string>();
  for (const match of (rule[2] ?? "").matchAll(/(--ks-[\w-]+)\s*:\s*([^;]+);/g)) {
    values.set(match[1] ?? "", (match[2] ?? "").trim());
  }
  return values;
}

const themes = {
  dark: declarations(':root, [data-theme="dark"]'),
  light: declarations(":root[data-theme]", lightCss),
};
const shared = declarations(":root");

function channel(value: number): number {
  const scaled = value / 255;
  return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [red, green, blue] = [match[1], match[2], match[3]].map((part) => channel(Number.parseInt(part ?? "0", 16)));
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

const colorNames = [
  "--ks-bg",
  "--ks-bg-raised",
  "--ks-bg-sunken",
  "--ks-surface-hover",
  "--ks-border",
  "--ks-text",
  "--ks-text-muted",
  "--ks-accent",
  "--ks-accent-text",
  "--ks-accent-ink",
  "--ks-link",
  "--ks-danger",
  "--ks-info",
  "--ks-success",
  "--ks-gold",
  "--ks-silver",
  "--ks-bronze",
  "--ks-title-badge-bg",
  "--ks-title-badge-text",
  "--ks-shadow",
  "--ks-focus-ring",
];
const sharedNames = [
  "--ks-radius",
  "--ks-radius-small",
  "--ks-font",
  "--ks-font-mono",
  "--ks-space-1",
  "--ks-space-2",
  "--ks-space-3",
  "--ks-space-4",
  "--ks-space-5",
  "--ks-space-6",
];

const surfaces = ["--ks-bg", "--ks-bg-raised", "--ks-bg-sunken", "--ks-surface-hover"];
/** Text colours and the surfaces they appear on (4.5:1). */
const textPairs: Array<[string, string[]]> = [
  ["--ks-text", surfaces],
  ["--ks-text-muted", surfaces],
  ["--ks-accent-ink", surfaces],
  ["--ks-link", ["--ks-bg", "--ks-bg-raised", "--ks-bg-sunken", "--ks-surface-hover"]],
  ["--ks-danger", ["--ks-bg", "--ks-bg-raised"]],
  ["--ks-info", ["--ks-bg", "--ks-bg-raised"]],
  ["--ks-success", ["--ks-bg", "--ks-bg-raised"]],
  ["--ks-gold", ["--ks-bg", "--ks-bg-raised", "--ks-surface-hover"]],
  ["--ks-silver", ["--ks-bg", "--ks-bg-raised", "--ks-surface-hover"]],
  ["--ks-bronze", ["--ks-bg", "--ks-bg-raised", "--ks-surface-hover"]],
  ["--ks-accent-text", ["--ks-accent", "--ks-accent-hover"]],
  ["--ks-danger-text", ["--ks-danger"]],
  ["--ks-title-badge-text", ["--ks-title-badge-bg"]],
  ["--ks-tooltip-text", ["--ks-tooltip-bg"]],
];
/** Non-text indicators (3:1): the focus ring, and the strong border of controls. */
const indicatorPairs: Array<[string, string[]]> = [
  ["--ks-focus-ring-color", surfaces],
  ["--ks-border-strong", ["--ks-bg", "--ks-bg-raised"]],
];

const shellCss = readFileSync(new URL("../platform/shell/shell.css", import.meta.url), "utf8");

describe("design tokens", () => {
  it("draws the title badges (GM, FM, ...) with the title badge tokens", () => {
    const rule = /\.ks-title-badge\s*\{([^}]*)\}/.exec(shellCss)?.[1] ?? "";
    expect(rule).toMatch(/(^|;)\s*background:\s*var\(--ks-title-badge-bg\)/);
    expect(rule).toMatch(/(^|;)\s*color:\s*var\(--ks-title-badge-text\)/);
  });

  it("defines the site shell's colour names in both themes", () => {
    for (const theme of Object.values(themes)) {
      expect(colorNames.filter((name) => !theme.has(name))).toEqual([]);
    }
  });

  it("makes the focus ring a box-shadow of the theme's ring colour", () => {
    for (const theme of Object.values(themes)) {
      expect(theme.get("--ks-focus-ring")).toBe("0 0 0 2px var(--ks-bg), 0 0 0 4px var(--ks-focus-ring-color)");
    }
  });

  it("defines the shared sizes and fonts on :root", () => {
    expect(sharedNames.filter((name) => !shared.has(name))).toEqual([]);
    expect(themes.dark.get("--ks-accent")).toBe("#81b64c");
  });

  for (const [themeName, theme] of Object.entries(themes)) {
    it(`meets WCAG AA for text in the ${themeName} theme`, () => {
      const failures: string[] = [];
      for (const [foreground, backgrounds] of textPairs) {
        for (const background of backgrounds) {
          const ratio = contrastRatio(theme.get(foreground) ?? "", theme.get(background) ?? "");
          if (ratio < 4.5) failures.push(`${foreground} on ${background}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it(`gives chess titles a colour of their own, not the danger colour, in the ${themeName} theme`, () => {
      expect(theme.get("--ks-title-badge-bg")).toMatch(/^#[0-9a-f]{6}$/i);
      expect(theme.get("--ks-title-badge-bg")?.toLowerCase()).not.toBe(theme.get("--ks-danger")?.toLowerCase());
    });

    it(`meets 3:1 for focus rings and control borders in the ${themeName} theme`, () => {
      const failures: string[] = [];
      for (const [foreground, backgrounds] of indicatorPairs) {
        for (const background of backgrounds) {
          const ratio = contrastRatio(theme.get(foreground) ?? "", theme.get(background) ?? "");
          if (ratio < 3) failures.push(`${foreground} on ${background}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
