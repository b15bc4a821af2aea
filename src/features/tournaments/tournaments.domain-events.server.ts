/**
 * The domain events tournaments publish (decision 0045): an arena's or a Swiss's end,
 * once, with its podium (trophies and the home feed may follow it).
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";

export const tournamentFinishedDomainEvent = defineDomainEvent(
  "tournaments.finished",
  z.object({
    tournamentId: z.number().int().positive(),
    kind: z.enum(["arena", "swiss"]),
    /** The first three places' member ids, first place first. */
    podium: z.array(z.number().int().positive()).max(3),
  }),
);

export const tournamentsDomainEvents = [tournamentFinishedDomainEvent] as const;
