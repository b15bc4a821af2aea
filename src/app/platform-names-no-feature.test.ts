import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { platformPages } from "../platform/platform.pages.ts";
import { appPageRoutes } from "./pages.ts";

/**
 * Issue 20 item 2 (decision 0048): features own their pages. The platform
 * (src/platform, src/ui) holds the route machinery and no feature's page: no
 * path into a feature's folder, not even as a string, and no page name a
 * feature declares. Adding a page therefore touches only its feature's
 * folder (and the composition root's list, when the feature is new).
 * Tests are left out: the platform's own tests may run its machinery over
 * the application's pages.
 */
const source = fileURLToPath(new URL("..", import.meta.url));
const platformFolders = ["platform", "ui"].map((folder) => join(source, folder));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|css|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const platformFiles = platformFolders.flatMap(filesUnder).map((path) => ({ path: relative(source, path), text: readFileSync(path, "utf8") }));
const platformPageNames = new Set<string>(platformPages.map((page) => page.name));
const featurePageNames = appPageRoutes.map((page) => page.name).filter((name) => !platformPageNames.has(name));

describe("the platform names no feature", () => {
  it("reads the platform's files", () => {
    expect(platformFiles.length).toBeGreaterThan(100);
    expect(featurePageNames.length).toBeGreaterThan(50);
  });

  it("holds no path into a feature's folder", () => {
    const offenders = platformFiles.filter(({ text }) => /\bfeatures\/[\w-]+/.test(text)).map(({ path, text }) => `${path}: ${/\bfeatures\/[\w/.-]+/.exec(text)?.[0] ?? ""}`);
    expect(offenders).toEqual([]);
  });

  it("holds no page name a feature declares", () => {
    const offenders = platformFiles.flatMap(({ path, text }) =>
      featurePageNames.filter((name) => new RegExp(`["'\`]${name}["'\`]`).test(text)).map((name) => `${path}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });
});
