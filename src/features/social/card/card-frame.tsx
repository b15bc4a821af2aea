import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ErrorInfo,
  type FocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { trapTabKey } from "../../../ui/focus-trap.ts";
import { computePosition } from "../../../ui/tooltip-position.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import type { CardActionId, CardViewer } from "./card-actions.ts";
import { DelayedLoader } from "./delayed-loader.tsx";
import { CARD_HEIGHT_FALLBACK, CARD_WIDTH, MOBILE_BREAKPOINT, type OpenCard } from "./card-geometry.ts";

/**
 * The open user card's frame (placement, the hide rules, focus), in a chunk
 * of its own that the provider loads on the first hover or click, so a page
 * where nobody opens a card never downloads it; the content is a second
 * lazy chunk (user-card.tsx), retried twice if it fails.
 */

const loadUserCardModule = () => importWithRetry(() => import("./user-card.tsx"));
let userCardModule: ReturnType<typeof loadUserCardModule> | null = null;

/** Starts loading the card's content. */
export function preloadCardContent(): ReturnType<typeof loadUserCardModule> {
  if (!userCardModule) {
    const loading = loadUserCardModule();
    userCardModule = loading;
    loading.catch(() => {
      if (userCardModule === loading) userCardModule = null;
    });
  }
  return userCardModule;
}

const LazyUserCard = lazy(() => preloadCardContent().then((module) => ({ default: module.UserCard })));

function isMobileViewport(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`).matches;
}

function isFormField(element: Element | null): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

export interface CardFrameProps {
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
export function CardFrame({ open, cardId, viewer, onClose, onPointerInside, onPointerOutside, onAction }: CardFrameProps) {
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

