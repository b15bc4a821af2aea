import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { FormattedMessage } from "../platform/i18n/intl.tsx";
import { uiMessageId, type UiMessageId } from "./messages.ts";
import { computePosition } from "./tooltip-position.ts";
import { useDismiss } from "./use-dismiss.ts";

/** The spec's confirmation questions. */
export const confirmMessageIds = {
  generic: uiMessageId("ui.confirm.areYouSure"),
  blockUser: uiMessageId("ui.confirm.blockUser"),
  removeFriend: uiMessageId("ui.confirm.removeFriend"),
} as const satisfies Record<string, UiMessageId>;

export type ConfirmKind = keyof typeof confirmMessageIds;

export interface ConfirmPopoverProps {
  /** Content of the trigger button (text or an icon). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** Called when the user confirms; the popover closes first. */
  onConfirm: () => void;
  /** Called when the popover closes without confirming (Cancel, Escape, outside click, scroll, resize). */
  onCancel?: () => void;
  /** Which spec question to ask; default "Are you sure?". */
  kind?: ConfirmKind;
  /** A custom question instead of `kind`. */
  message?: ReactNode;
  /** Confirm button text; default "Confirm". */
  confirmLabel?: ReactNode;
  /** Style the confirm button as destructive (block, remove). */
  danger?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A small confirmation next to its trigger. A click on the trigger opens it;
 * Cancel or Confirm closes it (Confirm calls onConfirm); it also closes on
 * window resize, any scroll, an outside click and Escape.
 */
export function ConfirmPopover({
  trigger,
  triggerLabel,
  triggerClassName,
  onConfirm,
  onCancel,
  kind = "generic",
  message,
  confirmLabel,
  danger = false,
  disabled = false,
  className,
}: ConfirmPopoverProps) {
  const baseId = useId();
  const popoverId = `ks-confirm-${baseId}`;
  const messageId = `ks-confirm-message-${baseId}`;
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState<{ top: number; left: number; placement: string } | null>(null);
  const rootRef = useRef<HTMLSpanElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  const cancelRef = useRef<HTMLButtonElement | null>(null);
  const onCancelRef = useRef(onCancel);

  useEffect(() => {
    onCancelRef.current = onCancel;
  });

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setOffset(null);
    onCancelRef.current?.();
    if (returnFocus) triggerRef.current?.focus({ preventScroll: true });
  }, []);

  // Keep the popover on screen: below the trigger, flipped above when there is no room.
  useLayoutEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const anchor = triggerRef.current;
    const popover = popoverRef.current;
    if (!root || !anchor || !popover) return;
    const rootBox = root.getBoundingClientRect();
    const anchorBox = anchor.getBoundingClientRect();
    const position = computePosition({
      anchor: { top: anchorBox.top, left: anchorBox.left, width: anchorBox.width, height: anchorBox.height },
      floating: { width: popover.offsetWidth, height: popover.offsetHeight },
      viewport: { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight },
      placement: "bottom",
      padding: 8,
    });
    setOffset({ top: position.top - rootBox.top, left: position.left - rootBox.left, placement: position.placement });
  }, [open]);

  useEffect(() => {
    if (open) cancelRef.current?.focus({ preventScroll: true });
  }, [open]);
  useDismiss(open, () => close(false), { outside: rootRef, scrollOrResize: true });

  function handleTriggerClick() {
    if (open) close(false);
    else setOpen(true);
  }

  function handleConfirm() {
    setOpen(false);
    setOffset(null);
    triggerRef.current?.focus({ preventScroll: true });
    onConfirm();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLSpanElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  }

  return (
    <span ref={rootRef} className={className ? `ks-confirm ${className}` : "ks-confirm"} onKeyDown={handleKeyDown}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        disabled={disabled}
        onClick={handleTriggerClick}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={popoverRef}
          id={popoverId}
          role="dialog"
          aria-labelledby={messageId}
          className="ks-confirm__popover"
          data-placement={offset?.placement ?? "bottom"}
          style={offset ? { top: offset.top, left: offset.left } : { visibility: "hidden" }}
        >
          <p id={messageId} className="ks-confirm__message">
            {message ?? <FormattedMessage id={confirmMessageIds[kind]} />}
          </p>
          <div className="ks-confirm__actions">
            <button
              ref={cancelRef}
              type="button"
              className="ks-confirm__button ks-confirm__button--secondary"
              onClick={() => close(true)}
            >
              <FormattedMessage id={uiMessageId("ui.confirm.cancel")} />
            </button>
            <button
              type="button"
              className={
                danger
                  ? "ks-confirm__button ks-confirm__button--danger"
                  : "ks-confirm__button ks-confirm__button--primary"
              }
              onClick={handleConfirm}
            >
              {confirmLabel ?? <FormattedMessage id={uiMessageId("ui.confirm.confirm")} />}
            </button>
          </div>
        </div>
      ) : null}
    </span>
  );
}
