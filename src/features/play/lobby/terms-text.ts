/**
 * Game terms in words, for the lobby, the challenge lists and the toasts:
 * "3+2", "3 days", "Chess960", "Rated".
 */
import type { IntlShape } from "../../../platform/i18n/intl.tsx";
import type { GameTerms } from "../play.schema.ts";
import { controlParts } from "./terms-form-state.ts";

export function controlText(intl: IntlShape, control: GameTerms["control"]): string {
  const parts = controlParts(control);
  if (parts.kind === "daily") return intl.formatMessage({ id: "play.lobby.control.daily" }, { days: parts.days });
  const minutes = parts.minutes === 0.5 ? "½" : intl.formatNumber(parts.minutes);
  return `${minutes}+${intl.formatNumber(parts.increment)}`;
}

export function rulesText(intl: IntlShape, rules: GameTerms["rules"]): string {
  return intl.formatMessage({ id: `play.lobby.rules.${rules}` });
}

export function ratedText(intl: IntlShape, rated: boolean): string {
  return intl.formatMessage({ id: rated ? "play.lobby.rated" : "play.lobby.casual" });
}

/** The colour the reader plays: the challenger's choice as the challenged member sees it, or the seeker's own. */
export function colorText(intl: IntlShape, color: GameTerms["color"], side: "mine" | "theirs"): string {
  const mine = side === "mine" ? color : color === "white" ? "black" : color === "black" ? "white" : "random";
  return intl.formatMessage({ id: `play.lobby.you_play.${mine}` });
}

/** "3+2 · Chess960 · Rated" */
export function termsText(intl: IntlShape, terms: GameTerms): string {
  return [controlText(intl, terms.control), rulesText(intl, terms.rules), ratedText(intl, terms.rated)].join(" · ");
}
