import { useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { renderNotification, type NotificationAction } from "../../../platform/notifications/notification-types.ts";
import type { CommandCall, RegisteredCommands } from "../../../platform/realtime/socket-commands.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { useAlerts } from "../../../ui/alert.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import type { NotificationItem } from "../notifications.schema.ts";
import { useNotifications } from "./notifications-context.tsx";

/**
 * One notification, rendered through its type's definition: the message
 * (a link where the type gives one), when it came, its actions, and "mark as
 * read" (a form post that works without JavaScript). A type this page does
 * not know, or a payload that no longer fits it, renders nothing.
 */
export function NotificationEntry({ item, backTo }: { item: NotificationItem; backTo: string }) {
  const intl = useIntl();
  const link = useLinks();
  const hub = useNotifications();
  const [done, setDone] = useState<NotificationAction | null>(null);
  const view = renderNotification(hub.types, item.type, item.payload, link);
  if (!view) return null;
  const read = hub.isRead(item);
  const text = intl.formatMessage({ id: view.messageId }, view.values);

  function handleMarkRead(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void hub.markRead(item.id).catch(() => undefined);
  }

  return (
    <li className="ks-notification" data-unread={read ? undefined : ""} data-type={item.type} data-testid={`notification-${item.id}`}>
      <span className="ks-notification-dot" aria-hidden="true" />
      <div className="ks-notification-body">
        <p className="ks-notification-text">
          {read ? null : <span className="ks-visually-hidden">{intl.formatMessage({ id: "notifications.unread" })}: </span>}
          {view.href ? (
            <a href={view.href} onClick={() => (read ? undefined : void hub.markRead(item.id).catch(() => undefined))}>
              {text}
            </a>
          ) : (
            text
          )}
        </p>
        <RelativeTime className="ks-notification-time" date={item.createdAt} />
        {done ? (
          <p className="ks-notification-done" role="status">
            {intl.formatMessage({ id: done.doneId })}
          </p>
        ) : (
          // Actions are offered while the notice is unread: answering it (here or elsewhere) settles it.
          !read &&
          view.actions &&
          view.actions.length > 0 && (
            <div className="ks-notification-actions">
              {view.actions.map((action) => (
                <ActionButton key={action.id} action={action} onDone={() => {
                  setDone(action);
                  if (!read) void hub.markRead(item.id).catch(() => undefined);
                }} />
              ))}
            </div>
          )
        )}
      </div>
      {read ? null : (
        <form method="post" action={`/callback/notifications/${item.id}/read`} onSubmit={handleMarkRead} className="ks-notification-mark">
          <FormSecurityFields />
          <input type="hidden" name="redirectUrl" value={backTo} />
          <button type="submit" className="ks-button ks-button-quiet ks-notification-mark-button" aria-label={`${intl.formatMessage({ id: "notifications.mark_read" })}: ${text}`} title={intl.formatMessage({ id: "notifications.mark_read" })}>
            <span aria-hidden="true">✓</span>
          </button>
        </form>
      )}
    </li>
  );
}


/** Calls the action's JSON route (the HTTP client toasts a refusal) or socket command. */
function ActionButton({ action, onDone }: { action: NotificationAction; onDone: () => void }) {
  const intl = useIntl();
  const http = useHttpClient();
  const { showAlert } = useAlerts();
  const [busy, setBusy] = useState(false);
  const command = useSocketCommand();

  async function handleClick() {
    setBusy(true);
    try {
      const { call } = action;
      if (call.kind === "json") {
        await http.request(call.method, call.url, call.body ? { body: call.body } : {});
        onDone();
      } else {
        const answer = await sendRequest(command, call);
        if (answer.ok) onDone();
        else showAlert({ type: "error", message: intl.formatMessage({ id: "notifications.action_failed" }) });
      }
    } catch {
      // The HTTP client has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={`ks-button ks-notification-button${action.primary ? " ks-button-primary" : ""}`} disabled={busy} onClick={() => void handleClick()} data-action={action.id}>
      {intl.formatMessage({ id: action.labelId })}
    </button>
  );
}

/** Sends an action's command with its input, typed as that command's (the name ties the two). */
function sendRequest<Name extends keyof RegisteredCommands>(command: CommandCall, request: { readonly command: Name; readonly input: RegisteredCommands[Name]["input"] }) {
  return command(request.command, request.input);
}
