/**
 * The club chat feature (issue 11 item 6, docs/decisions/0033): after the
 * clubs feature, whose clubAccess it reads, and after social (mutes and
 * blocks) and accounts (usernames).
 */
import { defineFeature, serviceFrom, type FeatureDefinition, type PlatformDeps } from "../../../platform/composition/feature-definition.server.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { ClubAccess } from "../club-access.service.server.ts";
import type { ConnectionListener } from "../../../platform/realtime/hub.server.ts";
import { clubChatRoomKind, clubChatSocketCommands, type ClubChatSocketCommand } from "./club-chat.commands.server.ts";
import { clubChatRealtimeEvents } from "./club-chat.events.schema.ts";
import type { ChatSilences } from "../../chat/chat-limits.ts";
import { createClubChatService, type ClubChatService } from "./club-chat.service.server.ts";
import * as clubChatTables from "./club-chat.tables.server.ts";

/** How often each instance clears presence of sockets whose heartbeat stopped. */
export const CLUB_CHAT_PRESENCE_SWEEP_MS = 5_000;

function createClubChatServices({ db, outbox, log }: PlatformDeps, clubAccess: ClubAccess, directory: Pick<MemberDirectory, "membersByIds" | "namesWithFlairByIds">, social: ChatSilences) {
  return {
    clubChat: createClubChatService({
      db,
      outbox,
      log,
      clubs: clubAccess,
      silences: social,
      members: {
        async usernamesByIds(ids) {
          const found = await directory.membersByIds(ids);
          return new Map([...found.values()].map((member) => [member.id, member.username]));
        },
        namesWithFlairByIds: (ids) => directory.namesWithFlairByIds(ids),
      },
    }),
  };
}

export type ClubChatServices = ReturnType<typeof createClubChatServices>;

/** A socket that closes leaves the club rooms it was in (the composition root chains this with presence's listener). */
export function clubChatConnectionListener(chat: ClubChatService): ConnectionListener {
  return (identity) => {
    if (identity.memberId === null) return undefined;
    return () => void chat.socketClosed(identity.socketId);
  };
}

export const clubChatFeature: FeatureDefinition<ClubChatServices, ClubChatSocketCommand> = defineFeature<ClubChatServices, ClubChatSocketCommand>({
  name: "clubChat",
  tables: clubChatTables,
  messageCatalogs: ["features/clubs/chat/messages"],
  createServices: (deps, earlier) =>
    createClubChatServices(deps, serviceFrom(earlier, "clubAccess", "clubChat"), serviceFrom(earlier, "memberDirectory", "clubChat"), serviceFrom(earlier, "social", "clubChat")),
  realtimeEvents: clubChatRealtimeEvents,
  roomKinds: ({ services }) => [clubChatRoomKind(services.clubChat)],
  socketCommands: ({ services }) => clubChatSocketCommands(services.clubChat),
  // A member's socket leaves the chat rooms it entered when it closes.
  socketConnected: ({ services }) => clubChatConnectionListener(services.clubChat),
  jobs: ({ services }) => [
    {
      name: "clubs.chat.presence-sweep",
      everyMs: CLUB_CHAT_PRESENCE_SWEEP_MS,
      // Safe on every instance: each expired row is deleted (and announced) once.
      runOn: "every-instance",
      run: async () => {
        await services.clubChat.sweepPresence();
      },
    },
  ],
});
