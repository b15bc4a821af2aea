/**
 * The domain events clubs publish (decision 0045), written in the
 * transaction that changes a club's membership: team matches, vote chess and
 * the home feed react to them. Server-only.
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";

const membership = z.object({ clubId: z.number().int().positive(), memberId: z.number().int().positive() });

/** A member joined a club (by joining, an invitation, an accepted request, or founding it). */
export const memberJoinedClubDomainEvent = defineDomainEvent("clubs.member-joined", membership);
/** A member left a club (by leaving, being removed, or as a closed account swept out). */
export const memberLeftClubDomainEvent = defineDomainEvent("clubs.member-left", membership);

export const clubDomainEvents = [memberJoinedClubDomainEvent, memberLeftClubDomainEvent] as const;
