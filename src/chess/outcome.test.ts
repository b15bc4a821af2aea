import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resultNotation } from "./outcome.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

describe("resultNotation", () => {
  it("writes a draw as ½-½, wins as 1-0 and 0-1, and no result as a dash", () => {
    expect(resultNotation("1/2-1/2")).toBe("½-½");
    expect(resultNotation("1-0")).toBe("1-0");
    expect(resultNotation("0-1")).toBe("0-1");
    expect(resultNotation("*")).toBe("–");
  });

  it("is the only way a page shows a result: no component renders a stored result as it is or rewrites it itself", () => {
    const offenders = sourceFiles(join(import.meta.dirname, "..")).filter((file) => {
      const text = readFileSync(file, "utf8");
      return /(?<!=)\{\s*[\w.?]*\.result\s*\}/.test(text) || /replace(All)?\(\s*["'`]1\/2/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
