import {
  Component,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ErrorInfo,
  type FocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useIntl } from "react-intl";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { useFeatureFlag } from "../../../ui/feature-flags-context.tsx";
import { trapTabKey } from "../../../ui/focus-trap.ts";
import { computePosition } from "../../../ui/tooltip-position.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import type { CardActionId, CardViewer } from "./card-actions.ts";
import { DelayedLoader } from "./delayed-loader.tsx";
import { recordPopoverEvent } from "./popover-events.ts";
import "./user-card.css";

/**
 * The user card (spec 001 §2.4, §4.4): one per page, opened from any username
 * link that MemberName renders.
 *
 * - It opens after HOVER_OPEN_DELAY_MS of hovering a name, or at once on a
 *   click (or Enter) of the name; a click on the name of the card already
 *   open follows the link to the profile. Without JavaScript the name is a
 *   plain link to the profile.
 * - Opened by click or keyboard it takes focus, and Tab stays inside it (from
 *   the last action back to the first) until it closes.
 * - It hides on a click outside, on any scroll outside it, on Escape or its
 *   Close button (focus returns to the name), and HIDE_DELAY_MS after the pointer leaves the name
 *   and the card (not while the pointer is over the card, nor while a field
 *   of the report form has focus).
 * - Desktop: CARD_WIDTH px wide, placed below the name (above when there is
 *   no room), its height taken as CARD_HEIGHT_FALLBACK until measured.
 *   Below MOBILE_BREAKPOINT px it is a full-width sheet at the bottom.
 * - Its content is a lazily loaded chunk, retried twice if it fails.
 * - Closing without having clicked an action is recorded (popover-events.ts)
 *   when the user_popover_events flag is on.
 */
export const HOVER_OPEN_DELAY_MS = 300;
export const HIDE_DELAY_MS = 500;
export const CARD_WIDTH = 460;
export const CARD_HEIGHT_FALLBACK = 160;
export const MOBILE_BREAKPOINT = 768;

const loadUserCardModule = () => importWithRetry(() => import("./user-card.tsx"));
let userCardModule: ReturnType<typeof loadUserCardModule> | null = null;

/** Starts loading the card's chunk (on the first hover, before the card opens). */
export function preloadUserCard(): ReturnType<typeof loadUserCardModule> {
  if (!userCardModule) {
    const loading = loadUserCardModule();
    userCardModule = loading;
    loading.catch(() => {
      if (userCardModule === loading) userCardModule = null;
    });
  }
  return userCardModule;
}

const LazyUserCard = lazy(() => preloadUserCard().then((module) => ({ default: module.UserCard })));

interface OpenCard {
  readonly username: string;
  readonly triggerId: string;
  readonly anchor: HTMLElement;
  readonly via: "hover" | "click";
  readonly openedAt: number;
  /** The page's scroll position when the card opened. */
  readonly scrollX: number;
  readonly scrollY: number;
}

interface UserCardController {
  readonly cardId: string;
  hoverStart(username: string, triggerId: string, anchor: HTMLElement): void;
  hoverEnd(triggerId: string): void;
  /** True when the card opened (the caller then stops the link). */
  click(username: string, triggerId: string, anchor: HTMLElement): boolean;
}

const ControllerContext = createContext<UserCardController | null>(null);
const OpenTriggerContext = createContext<string | null>(null);

export interface UserCardProviderProps {
  readonly viewer: CardViewer;
  readonly children: ReactNode;
  /** The card closes when this changes (the page's path). */
  readonly closeKey?: string;
}

function isMobileViewport(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`).matches;
}

function isFormField(element: Element | null): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

export function UserCardProvider({ viewer, children, closeKey }: UserCardProviderProps) {
  const cardId = `ks-user-card-${useId()}`;
  const recordEvents = useFeatureFlag("user_popover_events");
  const [open, setOpen] = useState<OpenCard | null>(null);
  const openRef = useRef<OpenCard | null>(null);
  const actionTaken = useRef(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const recordRef = useRef(recordEvents);

  useEffect(() => {
    recordRef.current = recordEvents;
  });

  const close = useCallback((returnFocus: boolean) => {
    clearTimeout(hoverTimer.current);
    clearTimeout(hideTimer.current);
    const current = openRef.current;
    if (!current) return;
    if (!actionTaken.current && recordRef.current) recordPopoverEvent({ type: "closed_without_action", username: current.username });
    openRef.current = null;
    setOpen(null);
    if (returnFocus && current.anchor.isConnected) current.anchor.focus({ preventScroll: true });
  }, []);

  const show = useCallback(
    (username: string, triggerId: string, anchor: HTMLElement, via: OpenCard["via"]) => {
      clearTimeout(hoverTimer.current);
      clearTimeout(hideTimer.current);
      if (openRef.current) close(false);
      const next: OpenCard = { username, triggerId, anchor, via, openedAt: Date.now(), scrollX: window.scrollX, scrollY: window.scrollY };
      actionTaken.current = false;
      openRef.current = next;
      setOpen(next);
      if (recordRef.current) recordPopoverEvent({ type: "opened", username });
    },
    [close],
  );

  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => close(false), HIDE_DELAY_MS);
  }, [close]);

  const cancelHide = useCallback(() => clearTimeout(hideTimer.current), []);

  const [controller] = useState<UserCardController>(() => ({
    cardId,
    hoverStart(username, triggerId, anchor) {
      void preloadUserCard().catch(() => undefined);
      if (openRef.current?.triggerId === triggerId) {
        clearTimeout(hideTimer.current);
        return;
      }
      clearTimeout(hoverTimer.current);
      hoverTimer.current = setTimeout(() => show(username, triggerId, anchor, "hover"), HOVER_OPEN_DELAY_MS);
    },
    hoverEnd(triggerId) {
      clearTimeout(hoverTimer.current);
      if (openRef.current?.triggerId === triggerId) scheduleHide();
    },
    click(username, triggerId, anchor) {
      clearTimeout(hoverTimer.current);
      if (openRef.current?.triggerId === triggerId) return false;
      show(username, triggerId, anchor, "click");
      return true;
    },
  }));

  // A new page closes the card.
  useEffect(() => {
    close(false);
  }, [closeKey, close]);

  useEffect(
    () => () => {
      clearTimeout(hoverTimer.current);
      clearTimeout(hideTimer.current);
    },
    [],
  );

  function handleAction(action: CardActionId) {
    actionTaken.current = true;
    if (recordRef.current && openRef.current) recordPopoverEvent({ type: "action", username: openRef.current.username, action });
  }

  return (
    <ControllerContext value={controller}>
      <OpenTriggerContext value={open?.triggerId ?? null}>
        {children}
        {open && <CardFrame key={`${open.triggerId}:${open.openedAt}`} open={open} cardId={cardId} viewer={viewer} onClose={close} onPointerInside={cancelHide} onPointerOutside={scheduleHide} onAction={handleAction} />}
      </OpenTriggerContext>
    </ControllerContext>
  );
}

interface CardFrameProps {
  readonly open: OpenCard;
  readonly cardId: string;
  readonly viewer: CardViewer;
  readonly onClose: (returnFocus: boolean) => void;
  readonly onPointerInside: () => void;
  readonly onPointerOutside: () => void;
  readonly onAction: (action: CardActionId) => void;
}

type Layout =
  | { readonly kind: "sheet" }
  | { readonly kind: "floating"; readonly top: number; readonly left: number; readonly placement: string; readonly maxHeight: number | null };

const VIEWPORT_MARGIN = 8;

/** The card's frame: placement, the hide rules, focus; the content comes from the lazy chunk. */
function CardFrame({ open, cardId, viewer, onClose, onPointerInside, onPointerOutside, onAction }: CardFrameProps) {
  const intl = useIntl();
  const isClient = useIsClient();
  const frameRef = useRef<HTMLDivElement | null>(null);
  const hadFocus = useRef(false);
  const titleId = `${cardId}-title`;
  const [layout, setLayout] = useState<Layout | null>(null);

  // Place the card; again whenever its size changes (loader -> content -> report form).
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    function place() {
      if (!frame) return;
      if (isMobileViewport()) {
        setLayout({ kind: "sheet" });
        return;
      }
      const box = open.anchor.getBoundingClientRect();
      const viewport = { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
      const room = viewport.height - 2 * VIEWPORT_MARGIN;
      const height = Math.min(frame.scrollHeight || CARD_HEIGHT_FALLBACK, room);
      const position = computePosition({
        anchor: { top: box.top, left: box.left, width: box.width, height: box.height },
        floating: { width: Math.min(CARD_WIDTH, viewport.width - 2 * VIEWPORT_MARGIN), height },
        viewport,
        placement: "bottom",
        padding: 8,
        edgeMargin: VIEWPORT_MARGIN,
      });
      // Too tall for either side: keep it on screen (over the name if need be), scrolling inside when taller than the screen.
      const top = Math.min(Math.max(position.top, VIEWPORT_MARGIN), viewport.height - height - VIEWPORT_MARGIN);
      const maxHeight = (frame.scrollHeight || 0) > room ? room : null;
      setLayout((previous) =>
        previous?.kind === "floating" && previous.top === top && previous.left === position.left && previous.maxHeight === maxHeight
          ? previous
          : { kind: "floating", placement: position.placement, left: position.left, top, maxHeight },
      );
    }
    place();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(place) : null;
    observer?.observe(frame);
    window.addEventListener("resize", place);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", place);
    };
  }, [open.anchor, isClient]);

  // A card opened by click or keyboard takes focus; a hovered one leaves it where it is.
  // Only once placed: until then it is hidden, and a hidden element does not take focus.
  const placed = layout !== null;
  useEffect(() => {
    if (open.via === "click" && placed) frameRef.current?.focus({ preventScroll: true });
  }, [open.via, placed]);

  useEffect(() => {
    function inside(target: EventTarget | null): boolean {
      return target instanceof Node && (frameRef.current?.contains(target) === true || open.anchor.contains(target));
    }
    function handlePointerDown(event: globalThis.PointerEvent) {
      if (!inside(event.target)) onClose(false);
    }
    function handleScroll(event: Event) {
      if (event.target instanceof Node && frameRef.current?.contains(event.target)) return;
      // A page scroll that ended before the card opened is reported a frame later: only a change since counts.
      const pageScroll = !(event.target instanceof Element) || event.target === document.documentElement;
      if (pageScroll && window.scrollX === open.scrollX && window.scrollY === open.scrollY) return;
      onClose(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const active = document.activeElement;
      const focusInside = active !== null && (frameRef.current?.contains(active) === true || active === open.anchor);
      onClose(focusInside || open.via === "click");
    }
    document.addEventListener("pointerdown", handlePointerDown);
    window.addEventListener("scroll", handleScroll, { capture: true, passive: true });
    document.addEventListener("keydown", handleKeyDown);
    return () => {
      document.removeEventListener("pointerdown", handlePointerDown);
      window.removeEventListener("scroll", handleScroll, { capture: true });
      document.removeEventListener("keydown", handleKeyDown);
    };
  }, [open, onClose]);

  function handlePointerEnter(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== "touch") onPointerInside();
  }

  function handlePointerLeave(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "touch") return;
    if (isFormField(document.activeElement) && frameRef.current?.contains(document.activeElement)) return;
    onPointerOutside();
  }

  function handleFocus() {
    hadFocus.current = true;
  }

  function handleKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    trapTabKey(event, frameRef.current);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    // Focus moved elsewhere (a click, a script) closes it; focus lost to nothing (a button that went away) does not.
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next) && !open.anchor.contains(next)) onClose(false);
  }

  // Only a card that had focus takes it back (a hovered card never takes focus).
  const handleFocusLost = useCallback(() => {
    const active = document.activeElement;
    if (hadFocus.current && (active === null || active === document.body)) frameRef.current?.focus({ preventScroll: true });
  }, []);

  if (!isClient) return null;
  const style =
    layout?.kind === "floating"
      ? { top: layout.top, left: layout.left, ...(layout.maxHeight === null ? {} : { maxHeight: layout.maxHeight, overflowY: "auto" as const }) }
      : layout?.kind === "sheet"
        ? undefined
        : { top: 0, left: 0, visibility: "hidden" as const };
  return createPortal(
    <div
      ref={frameRef}
      id={cardId}
      role="dialog"
      aria-label={intl.formatMessage({ id: "user_card.label" }, { username: open.username })}
      tabIndex={-1}
      className="ks-user-card"
      data-layout={layout?.kind ?? "floating"}
      data-placement={layout?.kind === "floating" ? layout.placement : undefined}
      style={style}
      onPointerEnter={handlePointerEnter}
      onPointerLeave={handlePointerLeave}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    >
      <CardErrorBoundary fallback={<CardLoadError onClose={() => onClose(true)} />}>
        <Suspense fallback={<DelayedLoader since={open.openedAt} />}>
          <LazyUserCard
            username={open.username}
            viewer={viewer}
            openedAt={open.openedAt}
            titleId={titleId}
            onActionClick={onAction}
            onClose={() => onClose(true)}
            onFocusLost={handleFocusLost}
          />
        </Suspense>
      </CardErrorBoundary>
    </div>,
    document.body,
  );
}

function CardLoadError({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <div className="ks-user-card-panel ks-user-card-missing" role="alert">
      <p className="ks-user-card-missing-text">{intl.formatMessage({ id: "user_card.load_failed" })}</p>
      <button type="button" className="ks-button ks-button-small" onClick={onClose}>
        {intl.formatMessage({ id: "user_card.close" })}
      </button>
    </div>
  );
}

class CardErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("The user card failed", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Props a username link spreads to open the card (none without a UserCardProvider). */
export interface UserCardTriggerProps {
  readonly "aria-haspopup"?: "dialog";
  readonly "aria-expanded"?: boolean;
  readonly "aria-controls"?: string;
  readonly onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  readonly onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  readonly onClick?: (event: MouseEvent<HTMLElement>) => void;
}

export function useUserCardTrigger(username: string): UserCardTriggerProps {
  const controller = useContext(ControllerContext);
  const openTrigger = useContext(OpenTriggerContext);
  const triggerId = useId();
  if (!controller) return {};
  const expanded = openTrigger === triggerId;
  return {
    "aria-haspopup": "dialog",
    "aria-expanded": expanded,
    "aria-controls": expanded ? controller.cardId : undefined,
    onPointerEnter(event) {
      if (event.pointerType !== "touch") controller.hoverStart(username, triggerId, event.currentTarget);
    },
    onPointerLeave(event) {
      if (event.pointerType !== "touch") controller.hoverEnd(triggerId);
    },
    onClick(event) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (controller.click(username, triggerId, event.currentTarget)) event.preventDefault();
    },
  };
}
