import type { ComponentType, ReactNode } from "react";
import type { ShellNavigation } from "./shell-navigation.ts";

/**
 * Feature UI the shell renders without knowing the features: the composition
 * root fills the slots from the feature list.
 */
export interface ShellSlots {
  /** The pages the header, the footer and the error pages link to. */
  readonly navigation: ShellNavigation;
  /**
   * Layers around the page frame, outermost first, inside the shell's alerts,
   * HTTP client and socket (the social feature's live friend events and user card).
   */
  readonly layers: readonly ComponentType<{ readonly children: ReactNode }>[];
  /**
   * Small items in the header's account area, in order (the notifications
   * bell, the member's games in progress). Each decides for itself whether it
   * shows (most only for a signed-in member).
   */
  readonly headerItems: readonly ComponentType[];
  /**
   * Tools in the header bar itself, beside the brand (the member search): they
   * stay in the bar at every width, where the menu folds away on phones.
   */
  readonly headerTools: readonly ComponentType[];
  /**
   * The UI only a signed-in visitor (member or guest) has — notifications,
   * play notices, live friend events — in a chunk of its own that an
   * anonymous visitor never downloads (decision 0035). Its layers sit inside
   * the ones above; its header items follow `headerItems`.
   */
  readonly signedIn?: SignedInSlotsLoader;
}

export interface SignedInSlots {
  readonly layers: readonly ComponentType<{ readonly children: ReactNode }>[];
  readonly headerItems: readonly ComponentType[];
}

/** Loads the signed-in slots' module, a chunk of its own, on demand. */
export type SignedInSlotsLoader = () => Promise<SignedInSlots>;
