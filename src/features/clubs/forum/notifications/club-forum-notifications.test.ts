import { describe, expect, it } from "vitest";
import { generateLink } from "../../../../platform/links/links.ts";
import { clubForumMentionNotification } from "./club-forum-notifications.schema.ts";

describe("the forum mention notice", () => {
  const notice = { by: "carla", clubName: "Kings", topicTitle: "Lineup", topicPath: "kings/42-lineup", postId: 77 };

  it("leads to the post on its page of the topic", () => {
    expect(clubForumMentionNotification.render(notice, generateLink)).toEqual({ messageId: "clubForum.notification.mention", values: { username: "carla", title: "Lineup", club: "Kings" }, href: "/clubs/forum/view/kings/42-lineup#post-77" });
    expect(clubForumMentionNotification.render({ ...notice, page: 3 }, generateLink).href).toBe("/clubs/forum/view/kings/42-lineup?page=3#post-77");
  });

  it("is recorded only with a payload of its shape", () => {
    expect(clubForumMentionNotification.schema.safeParse(notice).success).toBe(true);
    expect(clubForumMentionNotification.schema.safeParse({ ...notice, postId: "77" }).success).toBe(false);
    expect(clubForumMentionNotification.schema.safeParse({ ...notice, by: "" }).success).toBe(false);
  });
});
