/**
 * Where a floating box (tooltip, popover) goes next to its anchor, in
 * viewport coordinates. Pure: the components measure, this decides.
 */
export const placements = ["top", "bottom", "left", "right"] as const;
export type Placement = (typeof placements)[number];

export const tooltipDefaults = {
  /** Hover or focus time before a tooltip appears. */
  delayMs: 400,
  /** Gap between the anchor and the tooltip. */
  padding: 8,
  placement: "top",
} as const satisfies { delayMs: number; padding: number; placement: Placement };

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface PositionRequest {
  anchor: Box;
  floating: Size;
  viewport: Size;
  placement?: Placement;
  /** Gap between anchor and floating box. */
  padding?: number;
  /** Smallest distance kept from the viewport's edges when sliding along the anchor. */
  edgeMargin?: number;
}

export interface Position {
  placement: Placement;
  top: number;
  left: number;
}

const opposites: Readonly<Record<Placement, Placement>> = {
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
};

export function oppositePlacement(placement: Placement): Placement {
  return opposites[placement];
}

/** Room between the anchor and the viewport edge on a side, less what the floating box needs (negative: too small). */
export function spareRoom(placement: Placement, anchor: Box, floating: Size, viewport: Size, padding: number): number {
  switch (placement) {
    case "top":
      return anchor.top - padding - floating.height;
    case "bottom":
      return viewport.height - (anchor.top + anchor.height) - padding - floating.height;
    case "left":
      return anchor.left - padding - floating.width;
    case "right":
      return viewport.width - (anchor.left + anchor.width) - padding - floating.width;
  }
}

/** The preferred side if the box fits there, else the opposite side if it fits, else whichever has more room. */
export function choosePlacement(
  preferred: Placement,
  anchor: Box,
  floating: Size,
  viewport: Size,
  padding: number,
): Placement {
  const preferredRoom = spareRoom(preferred, anchor, floating, viewport, padding);
  if (preferredRoom >= 0) return preferred;
  const opposite = oppositePlacement(preferred);
  const oppositeRoom = spareRoom(opposite, anchor, floating, viewport, padding);
  return oppositeRoom > preferredRoom ? opposite : preferred;
}

function clamp(value: number, min: number, max: number): number {
  if (max < min) return min;
  return Math.min(Math.max(value, min), max);
}

export function computePosition({
  anchor,
  floating,
  viewport,
  placement = tooltipDefaults.placement,
  padding = tooltipDefaults.padding,
  edgeMargin = 4,
}: PositionRequest): Position {
  const chosen = choosePlacement(placement, anchor, floating, viewport, padding);
  const centeredLeft = anchor.left + anchor.width / 2 - floating.width / 2;
  const centeredTop = anchor.top + anchor.height / 2 - floating.height / 2;
  const maxLeft = viewport.width - floating.width - edgeMargin;
  const maxTop = viewport.height - floating.height - edgeMargin;
  let top: number;
  let left: number;
  switch (chosen) {
    case "top":
      top = anchor.top - padding - floating.height;
      left = clamp(centeredLeft, edgeMargin, maxLeft);
      break;
    case "bottom":
      top = anchor.top + anchor.height + padding;
      left = clamp(centeredLeft, edgeMargin, maxLeft);
      break;
    case "left":
      left = anchor.left - padding - floating.width;
      top = clamp(centeredTop, edgeMargin, maxTop);
      break;
    case "right":
      left = anchor.left + anchor.width + padding;
      top = clamp(centeredTop, edgeMargin, maxTop);
      break;
  }
  return { placement: chosen, top: Math.round(top), left: Math.round(left) };
}
