import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { useFeatureFlag } from "../../../ui/feature-flags-context.tsx";
import type { CardActionId, CardViewer } from "./card-actions.ts";
import type { OpenCard } from "./card-geometry.ts";
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

const loadCardFrameModule = () => importWithRetry(() => import("./card-frame.tsx"));
let cardFrameModule: ReturnType<typeof loadCardFrameModule> | null = null;

function loadCardFrame(): ReturnType<typeof loadCardFrameModule> {
  if (!cardFrameModule) {
    const loading = loadCardFrameModule();
    cardFrameModule = loading;
    loading.catch(() => {
      if (cardFrameModule === loading) cardFrameModule = null;
    });
  }
  return cardFrameModule;
}

/** Loads the card's chunks, its frame and its content (on the first hover, before the card opens). */
export async function preloadUserCard(): Promise<void> {
  await (await loadCardFrame()).preloadCardContent();
}

const LazyCardFrame = lazy(() => loadCardFrame().then((module) => ({ default: module.CardFrame })));


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
        {open && (
          // The frame's chunk comes with the first hover; a tap that opens the card at once waits for it here.
          <Suspense fallback={null}>
            <LazyCardFrame key={`${open.triggerId}:${open.openedAt}`} open={open} cardId={cardId} viewer={viewer} onClose={close} onPointerInside={cancelHide} onPointerOutside={scheduleHide} onAction={handleAction} />
          </Suspense>
        )}
      </OpenTriggerContext>
    </ControllerContext>
  );
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
