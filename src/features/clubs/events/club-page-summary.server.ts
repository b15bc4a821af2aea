/**
 * What the club page (/club/{url}) shows of the events frame, per the clubs
 * contract: the next upcoming events of every type. An honest empty list
 * until arenas, tournaments and team matches register their sources.
 */
import type { Services } from "../../../platform/http/load-context.ts";
import { clubEventTypes, type ClubEventItem } from "./club-events.schema.ts";

export async function upcomingEvents(services: Pick<Services, "clubEvents">, clubId: number, limit: number): Promise<readonly ClubEventItem[]> {
  const list = await services.clubEvents.list(clubId, "upcoming", clubEventTypes, 1, Math.max(1, Math.min(limit, 50)));
  return list.events;
}
