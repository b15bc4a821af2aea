/**
 * The domain events accounts publish (decision 0045), written in the
 * transaction of the change: a member registered (a guest who became a
 * member included), and a member closed their account or was disabled by
 * staff. Server-only.
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";

const memberId = z.number().int().positive();

export const memberRegisteredDomainEvent = defineDomainEvent("accounts.member-registered", z.object({ memberId, convertedGuest: z.boolean() }));

/** The member can no longer sign in: they closed the account themselves, or staff disabled it. */
export const memberDeactivatedDomainEvent = defineDomainEvent("accounts.member-deactivated", z.object({ memberId, how: z.enum(["closed", "disabled"]) }));

export const accountDomainEvents = [memberRegisteredDomainEvent, memberDeactivatedDomainEvent] as const;
