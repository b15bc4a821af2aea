/**
 * The general notification type: a feature names each kind of notice it
 * leaves a member (a friend request, a challenge, your move), with the schema
 * of its payload and how it renders: a message id with values, a link, and
 * optional actions (Accept, Decline) that call a JSON route or a socket
 * command. The bell and the notifications page render any registered type the
 * same way, so a feature adds a type without touching them.
 *
 * Isomorphic: the server validates a payload against the schema when it is
 * recorded; the browser renders through the same definitions (the composition
 * root's client registry).
 */
import type { z } from "zod";
import type { LinkParams } from "../links/links.ts";

/** Builds a page's path from the route table (the server's or the browser's link generator). */
export type NotificationLinkBuilder = (route: string, params?: LinkParams) => string;

/** What an action calls: one of our JSON routes through the HTTP client, or a socket command. */
export type NotificationActionCall =
  | { readonly kind: "json"; readonly method: "POST" | "PUT" | "DELETE"; readonly url: string; readonly body?: Readonly<Record<string, string | number | boolean>> }
  | { readonly kind: "socket"; readonly command: string; readonly input: Readonly<Record<string, string | number | boolean>> };

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

export interface NotificationTypeDefinition<Type extends string = string, Payload extends z.ZodType = z.ZodType> {
  /** Unique across the application, e.g. "social.friend_request". Stored with each notification. */
  readonly type: Type;
  readonly payload: Payload;
  render(payload: z.output<Payload>, link: NotificationLinkBuilder): NotificationView;
}

export function defineNotificationType<Type extends string, Payload extends z.ZodType>(definition: NotificationTypeDefinition<Type, Payload>): NotificationTypeDefinition<Type, Payload> {
  return definition;
}

/**
 * The view of a stored notification, or null when its type is not registered
 * (a type a feature has since dropped) or its payload no longer fits: such a
 * row is skipped, never shown half-rendered.
 */
export function renderNotification(registry: readonly NotificationTypeDefinition[], type: string, payload: unknown, link: NotificationLinkBuilder): NotificationView | null {
  const definition = registry.find((candidate) => candidate.type === type);
  if (!definition) return null;
  const parsed = definition.payload.safeParse(payload);
  return parsed.success ? definition.render(parsed.data, link) : null;
}
