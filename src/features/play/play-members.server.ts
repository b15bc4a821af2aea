/**
 * Play's view of members, from the accounts member directory and the social
 * feature's contact rule (blocks): never from their tables.
 */
import { isClosedLevel } from "../accounts/levels.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import type { SocialService } from "../social/social.service.server.ts";
import type { PlayMembers } from "./play-ports.server.ts";
import type { GameChatSilences } from "./chat/game-chat.service.server.ts";

export function createPlayMembers(directory: MemberDirectory, contacts: ContactGuard): PlayMembers {
  return {
    async findByUsername(username) {
      const member = await directory.memberByUsername(username);
      if (!member) return null;
      return { id: member.id, username: member.username, level: member.membershipLevel, available: member.isEnabled && !isClosedLevel(member.membershipLevel) };
    },
    async usernamesByIds(ids) {
      const found = await directory.membersByIds(ids);
      return new Map([...found.values()].map((member) => [member.id, member.username]));
    },
    namesWithFlairByIds: (ids) => directory.namesWithFlairByIds(ids),
    async levelsByIds(ids) {
      const found = await directory.membersByIds(ids);
      return new Map([...found.values()].map((member) => [member.id, member.membershipLevel]));
    },
    async blockedEitherWay(a, b) {
      // The social feature's one contact rule, shared with friend requests, notes and gifts.
      return (await contacts.refusal(a, b)) !== null;
    },
  };
}

/** Whose chat a member never sees: the members they muted or blocked, from the social feature. */
export function createChatSilences(social: Pick<SocialService, "relationship" | "silencedBy">): GameChatSilences {
  return {
    silencedBy: (memberId, limit) => social.silencedBy(memberId, limit),
    async silences(memberId, authorId) {
      const relationship = await social.relationship(memberId, authorId);
      return relationship.isMuted || relationship.isBlocked;
    },
  };
}
