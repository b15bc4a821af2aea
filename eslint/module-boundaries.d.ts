import type { Rule } from "eslint";

/** Why `from` may not import `to` (paths relative to the project, with "/"), or null when it may. */
export function boundaryViolation(from: string, to: string): string | null;

/** The module-boundaries rule for the project at `root`; no file is exempt (decision 0051). */
export function createModuleBoundaries(options: { readonly root: string }): Rule.RuleModule;
