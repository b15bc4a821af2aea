import type { KeyboardEvent } from "react";

/**
 * Escape closes an open <details> menu (the folded navigation, the language
 * menu) and puts focus back on its summary, as any disclosure menu does.
 * Bound to the element's keydown, so it acts only while focus is inside the
 * menu, and not when an inner widget (a suggestion list) has already handled
 * the key. A menu whose summary is hidden (the navigation on wide screens,
 * always shown) has nothing to close.
 */
export function closeDetailsOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  if (event.key !== "Escape" || event.defaultPrevented || !details.open) return;
  const summary = details.querySelector(":scope > summary");
  if (!(summary instanceof HTMLElement) || getComputedStyle(summary).display === "none") return;
  event.preventDefault();
  details.open = false;
  summary.focus();
}
