/**
 * Domain events between features (decision 0045): a feature declares each
 * event type once with its payload schema (defineDomainEvent), writes events
 * with publishDomainEvent in the transaction of the change they announce, and
 * calls `domainEvents.kick()` after the commit. Other features subscribe in
 * their definition (subscribeTo); the dispatcher hands each event to each
 * subscriber once across all instances (domain-event-dispatcher.server.ts).
 * Server-only: the browser never gets these schemas.
 */
import type { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { domainEvents } from "./domain-events.tables.server.ts";

/** One type of domain event, e.g. `play.game-ended`, with its payload schema. */
export interface DomainEventType<Payload> {
  readonly type: string;
  readonly schema: z.ZodType<Payload>;
}

export function defineDomainEvent<Payload>(type: string, schema: z.ZodType<Payload>): DomainEventType<Payload> {
  if (!/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/.test(type)) throw new Error(`a domain event type is "feature.event-name", not "${type}"`);
  return { type, schema };
}

/** Writes an event in the caller's transaction (one insert); its payload is checked against the type's schema first. */
export async function publishDomainEvent<Payload>(tx: Pick<Database, "insert">, eventType: DomainEventType<Payload>, payload: NoInfer<Payload>): Promise<void> {
  await tx.insert(domainEvents).values({ type: eventType.type, payload: eventType.schema.parse(payload) });
}

/** What a subscriber's handler receives: the id makes it idempotent (a handler may run again after a crash). */
export interface DeliveredEvent<Payload> {
  readonly id: number;
  readonly payload: Payload;
  readonly createdAt: Date;
}

/** A subscription as the dispatcher keeps it: the payload is checked by the type's schema before the handler sees it. */
export interface DomainEventSubscription {
  readonly eventType: string;
  /** Unique within its feature; the dispatcher's key is `feature/name`. */
  readonly name: string;
  handle(id: number, payload: unknown, createdAt: Date): Promise<void>;
}

/** Typed helper: a handler of one event type. */
export function subscribeTo<Payload>(eventType: DomainEventType<Payload>, name: string, handler: (event: DeliveredEvent<Payload>) => Promise<void>): DomainEventSubscription {
  return {
    eventType: eventType.type,
    name,
    handle: (id, payload, createdAt) => handler({ id, payload: eventType.schema.parse(payload), createdAt }),
  };
}

/** What a publisher calls after its transaction committed. Never throws, never waits. */
export interface DomainEventNotifier {
  kick(): void;
}

export const noDomainEventNotifier: DomainEventNotifier = { kick: () => undefined };
