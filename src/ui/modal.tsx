import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import { useIntl } from "../platform/i18n/intl.tsx";
import { focusableElements } from "./focusable.ts";
import { trapTabKey } from "./focus-trap.ts";
import { uiMessageId } from "./messages.ts";
import { useIsClient } from "./use-is-client.ts";

export interface ModalProps {
  /** Shown as the dialog's heading; it names the dialog. */
  title: ReactNode;
  children: ReactNode;
  /** Called when the modal asks to close (close button, Escape, background click). */
  onClose: () => void;
  /** Close on Escape. Default true. */
  closeOnEscape?: boolean;
  /** Close on a click on the background. Default true. */
  closeOnBackdropClick?: boolean;
  size?: "small" | "medium" | "large";
  footer?: ReactNode;
  /** Element to focus when the modal opens; default the first focusable element of the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * Open modals by render order. A modal opened inside another renders after it,
 * so the highest number is the innermost one, and only it answers Escape.
 */
let modalRenderSequence = 0;
const openModals = new Set<number>();

function isInnermost(order: number): boolean {
  return Math.max(...openModals) === order;
}
let scrollLocks = 0;
let savedBodyOverflow = "";

function lockScroll() {
  if (scrollLocks === 0) {
    savedBodyOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
  }
  scrollLocks += 1;
}

function unlockScroll() {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks === 0) document.body.style.overflow = savedBodyOverflow;
}

/**
 * A modal dialog, rendered into document.body through a portal once the page
 * has hydrated (nothing on the server). Mount it to open it, unmount it to
 * close it; focus moves in on open and returns to where it was on close.
 */
export function Modal({
  title,
  children,
  onClose,
  closeOnEscape = true,
  closeOnBackdropClick = true,
  size = "medium",
  footer,
  initialFocusRef,
  className,
}: ModalProps) {
  const intl = useIntl();
  const titleId = `ks-modal-title-${useId()}`;
  const isClient = useIsClient();
  const [order] = useState(() => {
    modalRenderSequence += 1;
    return modalRenderSequence;
  });
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const pointerDownOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  const closeOnEscapeRef = useRef(closeOnEscape);

  useEffect(() => {
    onCloseRef.current = onClose;
    closeOnEscapeRef.current = closeOnEscape;
  });

  // Register, lock scrolling and remember where focus was; undo all of it on close.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.add(order);
    lockScroll();

    function handleKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (!isInnermost(order) || !closeOnEscapeRef.current) return;
      event.preventDefault();
      onCloseRef.current();
    }
    window.addEventListener("keydown", handleKeyDown);

    return () => {
      window.removeEventListener("keydown", handleKeyDown);
      openModals.delete(order);
      unlockScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [order]);

  useEffect(() => {
    if (!isClient) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const body = bodyRef.current;
    const target = initialFocusRef?.current ?? (body ? focusableElements(body)[0] : undefined) ?? dialog;
    target.focus();
    // Only on open: later changes of the ref must not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isClient]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    trapTabKey(event, dialogRef.current);
  }

  function handleBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    pointerDownOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    // A press that starts inside the dialog and ends on the background (selecting text) is not a background click.
    const startedOnBackdrop = pointerDownOnBackdrop.current;
    pointerDownOnBackdrop.current = false;
    if (closeOnBackdropClick && startedOnBackdrop && event.target === event.currentTarget) onClose();
  }

  if (!isClient) return null;

  const closeLabel = intl.formatMessage({ id: uiMessageId("ui.modal.close") });
  return createPortal(
    <div className="ks-modal-backdrop" onMouseDown={handleBackdropMouseDown} onClick={handleBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`ks-modal ks-modal--${size}${className ? ` ${className}` : ""}`}
        onKeyDown={handleKeyDown}
      >
        <header className="ks-modal__header">
          <h2 id={titleId} className="ks-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="ks-modal__close"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div ref={bodyRef} className="ks-modal__body">
          {children}
        </div>
        {footer ? <footer className="ks-modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
