/**
 * The rules the browser plays a game's moves with. Standard chess, Chess960,
 * king of the hill and three-check move as classic chess (play.constants.ts);
 * crazyhouse needs its own rules for drops and pockets, which carry
 * `chessops/variant`: they are a chunk of their own, loaded only by a
 * crazyhouse game's board (decision 0075). Used inside the lazy board and
 * typed-move chunks, never by the page's first chunk.
 */
import { useEffect, useState } from "react";
import type { BoardRules, RulesId } from "../../../chess/rules.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { movesRulesOf, type PlayRulesId } from "../play.constants.ts";

export type MovesRules = RulesId | BoardRules;

let crazyhouse: BoardRules | undefined;

/** The rules for `rules` when they are at hand now; undefined while crazyhouse's are still loading. */
export function loadedMovesRules(rules: PlayRulesId): MovesRules | undefined {
  return rules === "crazyhouse" ? crazyhouse : movesRulesOf(rules);
}

/** Loads crazyhouse's rules (once); the others are at hand. */
export async function loadMovesRules(rules: PlayRulesId): Promise<MovesRules> {
  if (rules !== "crazyhouse") return movesRulesOf(rules);
  crazyhouse ??= (await importWithRetry(() => import("../../../chess/variants/crazyhouse.ts"))).crazyhouseRules;
  return crazyhouse;
}

/** The game's moves rules, rendering again once crazyhouse's have loaded. */
export function useMovesRules(rules: PlayRulesId): MovesRules | undefined {
  const [, setLoaded] = useState(0);
  const found = loadedMovesRules(rules);
  useEffect(() => {
    if (found) return;
    let current = true;
    void loadMovesRules(rules).then(() => {
      if (current) setLoaded((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [found, rules]);
  return found;
}
