import { hasAtLeast } from "../accounts/levels.ts";

/**
 * Who may choose a theme (decision 0065), pure: members choose; visitors and
 * guests see the default theme (spec 001 §4.5: guests skip the board
 * options), and a guest's choice is refused rather than kept on an account
 * that lasts a few games.
 */
export type ThemeRefusal = "guest";

export function themeSelectionRefusal(level: number): ThemeRefusal | null {
  return hasAtLeast(level, "basic") ? null : "guest";
}
