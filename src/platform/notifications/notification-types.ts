/**
 * The general notification type: a feature names each kind of notice it
 * leaves a member (a friend request, a challenge, your move), with the schema
 * of its payload and how it renders: a message id with values, a link, and
 * optional actions (Accept, Decline) that call a JSON route or a socket
 * command. The bell and the notifications page render any registered type the
 * same way, so a feature adds a type without touching them.
 *
 * Two halves, so that the browser bundle carries no validation library
 * (decision 0028): the view (type and render, zod-free) is what the browser
 * renders with (the composition root's client registry), and the definition
 * adds the payload's schema, which the server checks a payload against when
 * it is recorded (the feature definitions' `notificationTypes`).
 */
import type { z } from "zod";
import type { LinkGenerator } from "../links/links.ts";
import type { CommandRequest } from "../realtime/socket-commands.ts";

/** Builds a page's path from the route table (the server's or the browser's link generator). */
export type NotificationLinkBuilder = LinkGenerator;

/** What an action calls: one of our JSON routes through the HTTP client, or a socket command. */
export type NotificationActionCall =
  | { readonly kind: "json"; readonly method: "POST" | "PUT" | "DELETE"; readonly url: string; readonly body?: Readonly<Record<string, string | number | boolean>> }
  | ({ readonly kind: "socket" } & CommandRequest);

export interface NotificationAction {
  /** Stable within the type (a test id and a React key). */
  readonly id: string;
  readonly labelId: string;
  /** Shown in place of the actions once this one succeeded. */
  readonly doneId: string;
  readonly primary?: boolean;
  readonly call: NotificationActionCall;
}

export interface NotificationView {
  readonly messageId: string;
  readonly values: Readonly<Record<string, string | number>>;
  /** Where the notification leads (the member, the game). */
  readonly href?: string;
  readonly actions?: readonly NotificationAction[];
}

/** How a notification type renders; `Payload` is the payload as its schema reads it (checked when it was recorded). */
export interface NotificationTypeView<Payload = unknown> {
  /** Unique across the application, e.g. "social.friend_request". Stored with each notification. */
  readonly type: string;
  /** Method syntax keeps the payload bivariant, so views of different payloads fit one registry. */
  render(payload: Payload, link: NotificationLinkBuilder): NotificationView;
}

export function defineNotificationView<Payload>(view: NotificationTypeView<Payload>): NotificationTypeView<Payload> {
  return view;
}

/** A view with its payload schema: what the server records with and registers. */
export interface NotificationTypeDefinition<Payload = unknown> extends NotificationTypeView<Payload> {
  readonly schema: z.ZodType<Payload>;
  /**
   * True for a notice one member sends another on their own initiative (a
   * friend request, a challenge, a club invitation, a mention): it is recorded
   * only with a permit counted against the sender's limits (decision 0042).
   * False for news of the recipient's own affairs (an answer to their
   * request, their move), which their own actions already bound.
   */
  readonly unsolicited: boolean;
}

/** A notice of the recipient's own affairs: recorded with `recordIn`. */
export type OwnAffairsNotificationType<Payload> = NotificationTypeDefinition<Payload> & { readonly unsolicited: false };
/** A notice a member sends another unasked: sent with `sendIn` and a permit. */
export type UnsolicitedNotificationType<Payload> = NotificationTypeDefinition<Payload> & { readonly unsolicited: true };

/** Ties `schema` to `view`: its output must be the payload the view renders. A notice of the recipient's own affairs. */
export function defineNotificationType<Payload>(view: NotificationTypeView<Payload>, schema: z.ZodType<NoInfer<Payload>>): OwnAffairsNotificationType<Payload> {
  return { type: view.type, render: view.render, schema, unsolicited: false };
}

/** As defineNotificationType, for a notice a member sends another unasked (limited per sender and recipient). */
export function defineUnsolicitedNotificationType<Payload>(view: NotificationTypeView<Payload>, schema: z.ZodType<NoInfer<Payload>>): UnsolicitedNotificationType<Payload> {
  return { type: view.type, render: view.render, schema, unsolicited: true };
}

/**
 * The view of a stored notification, or null when its type is not registered
 * (a type a feature has since dropped): such a row is skipped, never shown
 * half-rendered. The payload is not checked again: it passed its type's
 * schema when it was recorded, and a type whose payload changes shape takes a
 * new type name (or a migration of its stored rows).
 */
export function renderNotification(registry: readonly NotificationTypeView[], type: string, payload: unknown, link: NotificationLinkBuilder): NotificationView | null {
  const view = registry.find((candidate) => candidate.type === type);
  return view ? view.render(payload, link) : null;
}
