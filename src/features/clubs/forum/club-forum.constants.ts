/** Forum constants and the topic path, for the server and the browser alike (zod-free, decision 0028). */

export const TOPIC_TITLE_MIN = 3;
export const TOPIC_TITLE_MAX = 120;
export const POST_BODY_MAX = 10_000;
export const NOTE_BODY_MAX = 5_000;
export const TOPICS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 20;
export const NOTES_PAGE_SIZE = 10;

/** A title's words as a path segment: lower-case ASCII letters and digits joined by dashes (empty when none). */
export function topicSlug(title: string): string {
  return title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * The {url} of /clubs/forum/view/{url} (decision 0032): the club's url slug,
 * a slash, the topic's id and its title's slug: "kings-gambit/42-opening-ideas".
 * Only the id is read back; the slug is for people.
 */
export function topicPath(clubUrl: string, topicId: number, title: string): string {
  const slug = topicSlug(title);
  return `${clubUrl}/${topicId}${slug ? `-${slug}` : ""}`;
}

/** The club and topic a view path names, or null when it is not "{club}/{digits}[-slug]". */
export function parseTopicPath(path: string): { readonly club: string; readonly topicId: number } | null {
  const match = /^([^/]{1,64})\/(\d{1,10})(?:-[a-z0-9-]*)?$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  const topicId = Number(match[2]);
  return topicId >= 1 && topicId <= 2_147_483_647 ? { club: match[1], topicId } : null;
}
