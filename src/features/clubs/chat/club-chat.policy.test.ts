import { describe, expect, it } from "vitest";
import type { ClubRoleName } from "../../accounts/roles.server.ts";
import { chatReadRefusal, chatWriteRefusal, moderationRefusal, moderationTypesFor, noRestriction, type ChatStanding, type ChatViewer } from "./club-chat.policy.ts";
import { clubChatModerationTypes } from "./club-chat.schema.ts";

const member = (...roles: ClubRoleName[]): ChatStanding => ({ member: true, roles });
const outsider: ChatStanding = { member: false, roles: [] };
const me: ChatViewer = { id: 1, siteStaff: false };
const staff: ChatViewer = { id: 1, siteStaff: true };

/** Every viewer kind of the test list: owner, admin, chat moderator, member, non-member, staff, and a visitor. */
const kinds: Array<{ name: string; viewer: ChatViewer; standing: ChatStanding }> = [
  { name: "owner", viewer: me, standing: member("owner") },
  { name: "admin", viewer: me, standing: member("admin") },
  { name: "chat moderator", viewer: me, standing: member("chat_moderator") },
  { name: "member", viewer: me, standing: member() },
  { name: "non-member", viewer: me, standing: outsider },
  { name: "site staff (not a member)", viewer: staff, standing: outsider },
  { name: "visitor", viewer: null, standing: outsider },
];

describe("club chat policy", () => {
  it.each(kinds)("reading and writing: $name", ({ name, viewer, standing }) => {
    const expected = name === "non-member" || name === "visitor" ? "not_a_member" : null;
    expect(chatReadRefusal(viewer, standing, noRestriction)).toBe(expected);
    expect(chatWriteRefusal(viewer, standing, noRestriction)).toBe(expected);
  });

  it("a muted member reads but may not write; a removed one does neither; staff are never held back", () => {
    expect(chatReadRefusal(me, member(), { muted: true, removed: false })).toBeNull();
    expect(chatWriteRefusal(me, member(), { muted: true, removed: false })).toBe("muted");
    expect(chatReadRefusal(me, member(), { muted: false, removed: true })).toBe("removed_from_chat");
    expect(chatWriteRefusal(me, member(), { muted: true, removed: true })).toBe("removed_from_chat");
    expect(chatWriteRefusal(staff, outsider, { muted: true, removed: true })).toBeNull();
  });

  it.each(kinds)("which moderation types: $name", ({ name, viewer, standing }) => {
    const expected: Record<string, readonly string[]> = {
      owner: clubChatModerationTypes,
      admin: clubChatModerationTypes,
      "chat moderator": ["warn", "mute", "unmute"],
      member: [],
      "non-member": [],
      "site staff (not a member)": clubChatModerationTypes,
      visitor: [],
    };
    expect(moderationTypesFor(viewer, standing)).toEqual(expected[name]);
  });

  it("acts only on members of a lower club rank, never on oneself; staff on anyone else", () => {
    const target = (standing: ChatStanding) => ({ id: 2, standing });
    expect(moderationRefusal(me, member("chat_moderator"), "mute", target(member()))).toBeNull();
    expect(moderationRefusal(me, member("chat_moderator"), "remove", target(member()))).toBe("not_allowed");
    expect(moderationRefusal(me, member("chat_moderator"), "mute", target(member("chat_moderator")))).toBe("not_a_target");
    expect(moderationRefusal(me, member("admin"), "remove", target(member("chat_moderator")))).toBeNull();
    expect(moderationRefusal(me, member("admin"), "mute", target(member("admin")))).toBe("not_a_target");
    expect(moderationRefusal(me, member("admin"), "mute", target(member("owner")))).toBe("not_a_target");
    expect(moderationRefusal(me, member("owner"), "mute", target(member("admin")))).toBeNull();
    expect(moderationRefusal(me, member("owner"), "mute", { id: 1, standing: member("owner") })).toBe("not_a_target");
    expect(moderationRefusal(me, member("owner"), "warn", target(outsider))).toBe("not_a_target");
    expect(moderationRefusal(me, member(), "warn", target(member()))).toBe("not_allowed");
    expect(moderationRefusal(me, outsider, "warn", target(member()))).toBe("not_allowed");
    expect(moderationRefusal(null, outsider, "warn", target(member()))).toBe("not_allowed");
    expect(moderationRefusal(staff, outsider, "remove", target(member("owner")))).toBeNull();
    expect(moderationRefusal(staff, outsider, "remove", { id: 1, standing: member() })).toBe("not_a_target");
  });
});
