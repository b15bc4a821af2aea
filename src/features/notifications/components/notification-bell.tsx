import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useDismiss } from "../../../ui/use-dismiss.ts";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { UNREAD_COUNT_CAP } from "../notifications.constants.ts";
import { useNotifications } from "./notifications-context.tsx";
import { NotificationEntry } from "./notification-entry.tsx";
import "./notifications.css";

/** "99+" past the cap the server counts to. */
export function unreadBadgeText(unread: number): string {
  return unread >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(unread);
}

/**
 * The header's bell: the unread count, live, and a small panel of the latest
 * notifications with "mark all as read" and a link to the notifications page.
 * Before the page is interactive (and without JavaScript) it is a plain link
 * to that page. Members only.
 */
export function NotificationBell() {
  const intl = useIntl();
  const link = useLinks();
  const hub = useNotifications();
  const isClient = useIsClient();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), { outside: rootRef });
  if (hub.memberId === null) return null;

  const unread = hub.unread ?? 0;
  const label = intl.formatMessage({ id: "notifications.bell.label" });
  const accessibleName = unread > 0 ? `${label}: ${intl.formatMessage({ id: "notifications.bell.unread" }, { count: unread })}` : label;
  const pageHref = link("web_notifications");
  const icon = (
    <>
      <BellIcon />
      {unread > 0 && (
        <span className="ks-bell-count" aria-hidden="true" data-testid="bell-count">
          {unreadBadgeText(unread)}
        </span>
      )}
    </>
  );

  if (!isClient) {
    return (
      <div className="ks-bell">
        <a className="ks-bell-button" href={pageHref} aria-label={accessibleName}>
          {icon}
        </a>
      </div>
    );
  }

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) {
      setFailed(false);
      hub.loadLatest().catch(() => setFailed(true));
    }
  }

  function handlePanelKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  const items = hub.latest;
  return (
    <div className="ks-bell" ref={rootRef}>
      <button ref={buttonRef} type="button" className="ks-bell-button" aria-label={accessibleName} aria-expanded={open} aria-controls={panelId} onClick={toggle} data-testid="notification-bell">
        {icon}
      </button>
      {open && (
        <section id={panelId} className="ks-bell-panel" aria-label={label} onKeyDown={handlePanelKeyDown}>
          <header className="ks-bell-panel-header">
            <h2 className="ks-bell-panel-title">{label}</h2>
            {unread > 0 && (
              <button type="button" className="ks-button ks-button-quiet ks-notification-button" onClick={() => void hub.markAllRead().catch(() => undefined)}>
                {intl.formatMessage({ id: "notifications.mark_all_read" })}
              </button>
            )}
          </header>
          <div aria-live="polite" aria-busy={items === null && !failed}>
            {items === null ? (
              failed ? <p className="ks-bell-panel-empty">{intl.formatMessage({ id: "notifications.action_failed" })}</p> : <p className="ks-bell-panel-empty ks-bell-loading" aria-hidden="true">…</p>
            ) : items.length === 0 ? (
              <p className="ks-bell-panel-empty">{intl.formatMessage({ id: "notifications.panel.empty" })}</p>
            ) : (
              <ul className="ks-notification-list" role="list">
                {items.map((item) => (
                  <NotificationEntry key={item.id} item={item} backTo={pageHref} />
                ))}
              </ul>
            )}
          </div>
          <a className="ks-bell-panel-all" href={pageHref}>
            {intl.formatMessage({ id: "notifications.panel.see_all" })}
          </a>
        </section>
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <svg className="ks-bell-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}
