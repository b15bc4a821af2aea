/**
 * What the club page (/club/{url}, the clubs feature's) shows of the notes and
 * the forum: the newest note and the latest topics. Server functions for its
 * loader; the page renders them when these services are in the list.
 */
import type { Services } from "../../../platform/http/load-context.ts";
import type { ClubNote } from "../notes/club-notes.service.server.ts";
import type { TopicSummary } from "./club-forum.service.server.ts";

/** The club's newest note, or null. Notes are read by everyone who sees the club page (decision 0032). */
export async function latestNote(services: Services, clubId: number): Promise<ClubNote | null> {
  return services.clubNotes.latest(clubId);
}

/** The club's topics with the most recent posts (newest first), at most `limit`; links go to /clubs/forum/view/{topic.path}. */
export async function latestTopics(services: Services, clubId: number, limit: number): Promise<TopicSummary[]> {
  const club = (await services.clubAccess.clubsByIds([clubId])).get(clubId);
  return club ? services.clubForum.latestTopics(club, limit) : [];
}
