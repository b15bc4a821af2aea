import { useEffect, useRef, type RefObject } from "react";

export interface DismissOptions {
  /** Dismiss on a pointer press outside this element (presses inside it are ignored). */
  readonly outside?: RefObject<Element | null>;
  /** Dismiss on any scroll (captured, so scrolling containers count too) and on window resize. */
  readonly scrollOrResize?: boolean;
  /** Dismiss on Escape anywhere in the window. */
  readonly escape?: boolean;
}

/**
 * Closes a floating element (popover, tooltip, menu) while it is open: calls
 * `dismiss` on the events chosen in `options`. The listeners exist only while
 * `open` is true; the latest `dismiss` is called.
 */
export function useDismiss(open: boolean, dismiss: () => void, { outside, scrollOrResize = false, escape = false }: DismissOptions): void {
  const dismissRef = useRef(dismiss);
  useEffect(() => {
    dismissRef.current = dismiss;
  });

  useEffect(() => {
    if (!open) return;
    function handleDismiss() {
      dismissRef.current();
    }
    function handlePointerDown(event: PointerEvent) {
      const root = outside?.current;
      if (root && event.target instanceof Node && root.contains(event.target)) return;
      dismissRef.current();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") dismissRef.current();
    }
    if (escape) window.addEventListener("keydown", handleKeyDown);
    if (scrollOrResize) {
      window.addEventListener("resize", handleDismiss);
      window.addEventListener("scroll", handleDismiss, { capture: true, passive: true });
    }
    if (outside) document.addEventListener("pointerdown", handlePointerDown);
    return () => {
      window.removeEventListener("keydown", handleKeyDown);
      window.removeEventListener("resize", handleDismiss);
      window.removeEventListener("scroll", handleDismiss, { capture: true });
      document.removeEventListener("pointerdown", handlePointerDown);
    };
  }, [open, outside, scrollOrResize, escape]);
}
