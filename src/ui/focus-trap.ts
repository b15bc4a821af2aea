import { focusableElements } from "./focusable.ts";

/**
 * Keeps Tab inside `container` (a modal, the user card): from its last
 * focusable element Tab goes to the first, and Shift+Tab from the first (or
 * from the container itself) to the last. Call it from the container's
 * keydown handler; every other key is left alone.
 */
export function trapTabKey(event: { readonly key: string; readonly shiftKey: boolean; preventDefault(): void }, container: HTMLElement | null): void {
  if (event.key !== "Tab" || !container) return;
  const focusables = focusableElements(container);
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
