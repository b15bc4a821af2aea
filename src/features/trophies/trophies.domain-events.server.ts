/**
 * The domain events trophies publish (decision 0045), written in the
 * transaction that gives a member a trophy: the home feed shows them
 * (decision 0070). Server-only.
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";

/** A member received a trophy: awarded by another member (awarderId), or earned from the site (awarderId null). */
export const trophyReceivedDomainEvent = defineDomainEvent(
  "trophies.trophy-received",
  z.object({
    memberTrophyId: z.number().int().positive(),
    recipientId: z.number().int().positive(),
    trophyId: z.number().int().positive(),
    /** The catalogue's code and picture as they were (a subscriber keeps them without asking the catalogue). */
    code: z.string(),
    image: z.string(),
    awarderId: z.number().int().positive().nullable(),
  }),
);

export const trophyDomainEvents = [trophyReceivedDomainEvent] as const;
