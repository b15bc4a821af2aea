/**
 * Real clubs for tests (rows through the same tables the service writes, no
 * mocks): an owner who is also a member, members, admins and chat
 * moderators, and the member count to match.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../../platform/db/client.server.ts";
import { toClubRef, type ClubRef } from "./club-access.service.server.ts";
import type { ClubJoinPolicy } from "./clubs.constants.ts";
import { clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";

export interface TestClubOptions {
  readonly owner: number;
  readonly joinPolicy?: ClubJoinPolicy;
  readonly members?: readonly number[];
  readonly admins?: readonly number[];
  readonly chatModerators?: readonly number[];
  readonly url?: string;
  readonly name?: string;
  readonly invitationSecret?: string;
}

export async function createTestClub(db: Database, options: TestClubOptions): Promise<ClubRef> {
  const url = options.url ?? `test-club-${randomBytes(5).toString("hex")}`;
  const admins = options.admins ?? [];
  const chatModerators = options.chatModerators ?? [];
  const memberIds = [...new Set([options.owner, ...(options.members ?? []), ...admins, ...chatModerators])];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clubs)
      .values({ url, name: options.name ?? `Club ${url}`, description: "A club for tests.", joinPolicy: options.joinPolicy ?? "open", invitationSecret: options.invitationSecret ?? null, memberCount: memberIds.length })
      .returning({ id: clubs.id, url: clubs.url, name: clubs.name, joinPolicy: clubs.joinPolicy, avatarUrl: clubs.avatarUrl });
    if (!row) throw new Error("the test club was not created");
    await tx.insert(clubMembers).values(memberIds.map((userId) => ({ clubId: row.id, userId })));
    const roles = [{ clubId: row.id, userId: options.owner, role: "owner" }, ...admins.map((userId) => ({ clubId: row.id, userId, role: "admin" })), ...chatModerators.map((userId) => ({ clubId: row.id, userId, role: "chat_moderator" }))];
    await tx.insert(clubRoles).values(roles);
    return toClubRef(row);
  });
}
