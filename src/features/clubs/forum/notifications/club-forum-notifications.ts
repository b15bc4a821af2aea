/**
 * How a forum mention renders in the bell and on the notifications page:
 * "alice mentioned you in “Opening ideas”", leading to the post. Zod-free;
 * the payload schema the service records with is in the .schema.ts twin.
 */
import { defineNotificationView } from "../../../../platform/notifications/notification-types.ts";

/** What a mention notice carries: who wrote, where (the topic's view path parameter) and which post. */
export interface ClubForumMentionNotice {
  readonly by: string;
  readonly clubName: string;
  readonly topicTitle: string;
  /** The topic's view parameter ("{club url}/{topic id}-{slug}"). */
  readonly topicPath: string;
  readonly postId: number;
  /** The page of the topic the post is on (absent: the first). */
  readonly page?: number;
}

export const clubForumMentionNotificationView = defineNotificationView<ClubForumMentionNotice>({
  type: "clubForum.mention",
  render: ({ by, clubName, topicTitle, topicPath, postId, page }, link) => ({
    messageId: "clubForum.notification.mention",
    values: { username: by, title: topicTitle, club: clubName },
    href: `${link("web_clubs_forum_view", page && page > 1 ? { url: topicPath, page } : { url: topicPath })}#post-${postId}`,
  }),
});

export const clubForumNotificationViews = [clubForumMentionNotificationView] as const;
