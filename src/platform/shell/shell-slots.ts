import type { ComponentType, ReactNode } from "react";

/**
 * Feature UI the shell renders without knowing the features: the composition
 * root (src/app/shell-slots.tsx) fills the slots from the feature list.
 */
export interface ShellSlots {
  /**
   * Layers around the page frame, outermost first, inside the shell's alerts,
   * HTTP client and socket (the social feature's live friend events and user card).
   */
  readonly layers: readonly ComponentType<{ readonly children: ReactNode }>[];
}

export const emptyShellSlots: ShellSlots = { layers: [] };
