import { trophyMessageIds, type TrophyCode } from "../trophy-catalogue.ts";

function isTrophyCode(code: string): code is TrophyCode {
  return Object.hasOwn(trophyMessageIds, code);
}

/** The message ids of a trophy's name and description; an unknown code (a trophy since retired) reads as "good game". */
export function trophyNameIds(code: string): readonly [string, string] {
  return isTrophyCode(code) ? trophyMessageIds[code] : trophyMessageIds.good_game;
}
