/**
 * The choices of online play's forms, for the server's schemas and the
 * browser's fields alike. Zod-free: the browser bundle carries no validation
 * library (decision 0028).
 */
import type { RulesId } from "../../chess/rules.ts";

/** The rules a member may choose today (the chess module may know more). Type-only import: pages keep chessops off their bundle. */
export const playableRules = ["standard", "chess960"] as const satisfies readonly RulesId[];
export type PlayRulesId = (typeof playableRules)[number];

export const colorChoices = ["white", "black", "random"] as const;
export type ColorChoice = (typeof colorChoices)[number];
