/** The open user card and its measures, shared by the provider and the lazily loaded frame (see user-card-provider.tsx). */
export const CARD_WIDTH = 460;
export const CARD_HEIGHT_FALLBACK = 160;
export const MOBILE_BREAKPOINT = 768;

export interface OpenCard {
  readonly username: string;
  readonly triggerId: string;
  readonly anchor: HTMLElement;
  readonly via: "hover" | "click";
  readonly openedAt: number;
  /** The page's scroll position when the card opened. */
  readonly scrollX: number;
  readonly scrollY: number;
}
