import { describe, expect, it } from "vitest";
import { EDIT_WINDOW_MS, clubForumRefusal, type ForumAction, type ForumRefusal, type ForumStanding, type ForumViewer, type PostFacts } from "./club-forum.policy.ts";

const ME = 7;
const OTHER = 8;
const now = new Date("2026-11-25T20:00:00Z");
const fresh = new Date(now.getTime() - EDIT_WINDOW_MS + 1000);
const stale = new Date(now.getTime() - EDIT_WINDOW_MS - 1000);

type Who = "owner" | "admin" | "chat_moderator" | "member" | "non_member" | "staff" | "anonymous";
const whos: readonly Who[] = ["owner", "admin", "chat_moderator", "member", "non_member", "staff", "anonymous"];

function asWho(who: Who): { viewer: ForumViewer; standing: ForumStanding } {
  const viewer: ForumViewer = who === "anonymous" ? null : { id: ME, siteStaff: who === "staff" };
  switch (who) {
    case "owner":
      return { viewer, standing: { member: true, roles: ["owner"] } };
    case "admin":
      return { viewer, standing: { member: true, roles: ["admin"] } };
    case "chat_moderator":
      return { viewer, standing: { member: true, roles: ["chat_moderator"] } };
    case "member":
      return { viewer, standing: { member: true, roles: [] } };
    default:
      return { viewer, standing: { member: false, roles: [] } };
  }
}

const post = (facts: Partial<PostFacts>): PostFacts => ({ authorId: OTHER, postedAt: fresh, opening: false, topicLocked: false, ...facts });

/** Every action against every kind of viewer: the expected answer, null for allowed. */
const table: readonly { name: string; action: ForumAction; expected: Record<Who, ForumRefusal | null> }[] = [
  {
    name: "start a topic",
    action: { kind: "start_topic" },
    expected: { owner: null, admin: null, chat_moderator: null, member: null, non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "reply to an open topic",
    action: { kind: "reply", topicLocked: false },
    expected: { owner: null, admin: null, chat_moderator: null, member: null, non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "reply to a locked topic",
    action: { kind: "reply", topicLocked: true },
    expected: { owner: null, admin: null, chat_moderator: "topic_locked", member: "topic_locked", non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "edit one's own fresh post",
    action: { kind: "edit_post", post: post({ authorId: ME }), now },
    expected: { owner: null, admin: null, chat_moderator: null, member: null, non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "edit one's own post after the window",
    action: { kind: "edit_post", post: post({ authorId: ME, postedAt: stale }), now },
    expected: { owner: "edit_window_closed", admin: "edit_window_closed", chat_moderator: "edit_window_closed", member: "edit_window_closed", non_member: "not_member", staff: "edit_window_closed", anonymous: "sign_in_required" },
  },
  {
    name: "edit one's own post in a locked topic",
    action: { kind: "edit_post", post: post({ authorId: ME, topicLocked: true }), now },
    expected: { owner: null, admin: null, chat_moderator: "topic_locked", member: "topic_locked", non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "edit someone else's post",
    action: { kind: "edit_post", post: post({}), now },
    expected: { owner: "not_author", admin: "not_author", chat_moderator: "not_author", member: "not_author", non_member: "not_author", staff: "not_author", anonymous: "sign_in_required" },
  },
  {
    name: "delete someone else's reply",
    action: { kind: "delete_post", post: post({ postedAt: stale }), now },
    expected: { owner: null, admin: null, chat_moderator: "club_admins_only", member: "club_admins_only", non_member: "club_admins_only", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "delete one's own fresh reply",
    action: { kind: "delete_post", post: post({ authorId: ME }), now },
    expected: { owner: null, admin: null, chat_moderator: null, member: null, non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "delete one's own old reply",
    action: { kind: "delete_post", post: post({ authorId: ME, postedAt: stale }), now },
    expected: { owner: null, admin: null, chat_moderator: "edit_window_closed", member: "edit_window_closed", non_member: "not_member", staff: null, anonymous: "sign_in_required" },
  },
  {
    name: "delete an opening post (the topic goes as a whole)",
    action: { kind: "delete_post", post: post({ opening: true }), now },
    expected: { owner: "opening_post", admin: "opening_post", chat_moderator: "opening_post", member: "opening_post", non_member: "opening_post", staff: "opening_post", anonymous: "sign_in_required" },
  },
  ...(["pin_topic", "lock_topic", "delete_topic", "post_note", "delete_note"] as const).map((kind) => ({
    name: kind,
    action: { kind },
    expected: { owner: null, admin: null, chat_moderator: "club_admins_only", member: "club_admins_only", non_member: "club_admins_only", staff: null, anonymous: "sign_in_required" } satisfies Record<Who, ForumRefusal | null>,
  })),
];

describe("club forum and notes policy, per role", () => {
  for (const row of table) {
    it.each(whos)(`${row.name}: %s`, (who) => {
      const { viewer, standing } = asWho(who);
      expect(clubForumRefusal(viewer, row.action, standing)).toBe(row.expected[who]);
    });
  }

  it("the edit window is inclusive at its last millisecond and closed one after", () => {
    const member = asWho("member");
    const at = (age: number): ForumAction => ({ kind: "edit_post", post: post({ authorId: ME, postedAt: new Date(now.getTime() - age) }), now });
    expect(clubForumRefusal(member.viewer, at(EDIT_WINDOW_MS), member.standing)).toBeNull();
    expect(clubForumRefusal(member.viewer, at(EDIT_WINDOW_MS + 1), member.standing)).toBe("edit_window_closed");
  });

  it("a post whose author's account is gone belongs to nobody", () => {
    const member = asWho("member");
    expect(clubForumRefusal(member.viewer, { kind: "edit_post", post: post({ authorId: null }), now }, member.standing)).toBe("not_author");
  });
});
