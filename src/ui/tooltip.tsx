import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { computePosition, tooltipDefaults, type Placement, type Position } from "./tooltip-position.ts";
import { useDismiss } from "./use-dismiss.ts";

/** The prop Tooltip sets on its anchor element (the child) while it shows. */
export interface TooltipAnchorProps {
  "aria-describedby"?: string;
}

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** One element (focusable, for keyboard users) that the tooltip describes. */
  children: ReactElement<TooltipAnchorProps>;
  /** Preferred side; it flips to the opposite side to stay on screen. Default top. */
  placement?: Placement;
  /** Hover or focus delay in ms. Default 400. */
  delayMs?: number;
  /** Gap to the anchor in px. Default 8. */
  padding?: number;
  disabled?: boolean;
  /** Point the anchor's aria-describedby at the tooltip while it shows. Turn off when the anchor has its own lasting description. Default true. */
  describeAnchor?: boolean;
  className?: string;
}

/** Time a pointer has to move from the anchor onto the tooltip before it hides (WCAG 1.4.13 hoverable). */
export const tooltipHideGraceMs = 100;

export function Tooltip({
  content,
  children,
  placement = tooltipDefaults.placement,
  delayMs = tooltipDefaults.delayMs,
  padding = tooltipDefaults.padding,
  disabled = false,
  describeAnchor = true,
  className,
}: TooltipProps) {
  const tooltipId = `ks-tooltip-${useId()}`;
  const [openRequested, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const anchorRef = useRef<HTMLElement | null>(null);
  const tooltipRef = useRef<HTMLDivElement | null>(null);
  const open = openRequested && !disabled;
  const showTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimers = useCallback(() => {
    clearTimeout(showTimer.current);
    clearTimeout(hideTimer.current);
    showTimer.current = undefined;
    hideTimer.current = undefined;
  }, []);

  const hideNow = useCallback(() => {
    clearTimers();
    setOpen(false);
    setPosition(null);
  }, [clearTimers]);

  const scheduleShow = useCallback(
    (anchor: HTMLElement) => {
      anchorRef.current = anchor;
      clearTimeout(hideTimer.current);
      hideTimer.current = undefined;
      if (showTimer.current !== undefined) return;
      showTimer.current = setTimeout(() => {
        showTimer.current = undefined;
        setOpen(true);
      }, delayMs);
    },
    [delayMs],
  );

  const scheduleHide = useCallback(() => {
    clearTimeout(showTimer.current);
    showTimer.current = undefined;
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(hideNow, tooltipHideGraceMs);
  }, [hideNow]);

  useEffect(() => clearTimers, [clearTimers]);

  // Measure after render, before paint, so the tooltip never flashes in the wrong place.
  useLayoutEffect(() => {
    if (!open) return;
    const anchor = anchorRef.current;
    const tooltip = tooltipRef.current;
    if (!anchor || !tooltip) return;
    const anchorBox = anchor.getBoundingClientRect();
    setPosition(
      computePosition({
        anchor: { top: anchorBox.top, left: anchorBox.left, width: anchorBox.width, height: anchorBox.height },
        floating: { width: tooltip.offsetWidth, height: tooltip.offsetHeight },
        viewport: { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight },
        placement,
        padding,
      }),
    );
  }, [open, placement, padding, content]);

  useDismiss(open, hideNow, { escape: true, scrollOrResize: true });

  if (disabled) return children;

  const childProps = children.props;
  const describedBy =
    open && describeAnchor
      ? [childProps["aria-describedby"], tooltipId].filter((value) => value !== undefined && value !== "").join(" ")
      : childProps["aria-describedby"];

  const anchor = cloneElement(children, { "aria-describedby": describedBy });

  function anchorElement(wrapper: HTMLElement): HTMLElement {
    const first = wrapper.firstElementChild;
    return first instanceof HTMLElement ? first : wrapper;
  }

  return (
    <>
      <span
        className="ks-tooltip-anchor"
        onMouseEnter={(event) => {
          scheduleShow(anchorElement(event.currentTarget));
        }}
        onMouseLeave={scheduleHide}
        onFocus={(event) => {
          scheduleShow(anchorElement(event.currentTarget));
        }}
        onBlur={hideNow}
      >
        {anchor}
      </span>
      {open
        ? createPortal(
            <div
              ref={tooltipRef}
              id={tooltipId}
              role="tooltip"
              className={className ? `ks-tooltip ${className}` : "ks-tooltip"}
              data-placement={position?.placement ?? placement}
              style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: "hidden" }}
              onMouseEnter={() => {
                clearTimeout(hideTimer.current);
              }}
              onMouseLeave={scheduleHide}
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
