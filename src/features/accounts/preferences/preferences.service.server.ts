import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { users } from "../accounts.tables.server.ts";
import type { ArchiveView, HomeContentType } from "../current-user.ts";

/** A member's display preferences, reading language and the settings other features keep on the member: the only writer of these columns. */
export function createPreferencesService(db: Database) {
  return {
    async setArchiveView(userId: number, archiveView: ArchiveView): Promise<ArchiveView> {
      await db.update(users).set({ archiveView }).where(eq(users.id, userId));
      return archiveView;
    },

    async setHomeContentType(userId: number, homeContentType: HomeContentType): Promise<HomeContentType> {
      await db.update(users).set({ homeContentType }).where(eq(users.id, userId));
      return homeContentType;
    },

    async setFairPlayAgree(userId: number, fairPlayAgree: boolean): Promise<boolean> {
      await db.update(users).set({ fairPlayAgree }).where(eq(users.id, userId));
      return fairPlayAgree;
    },

    /** Whether other members may send this member friend requests (the social feature's setting, stored with the member). */
    async setAllowFriendRequests(userId: number, allowFriendRequests: boolean): Promise<boolean> {
      await db.update(users).set({ allowFriendRequests }).where(eq(users.id, userId));
      return allowFriendRequests;
    },

    /** The member's status line on their card and profile (the social feature checks its length), or null to clear it. */
    async setStatusText(userId: number, statusText: string | null): Promise<string | null> {
      await db.update(users).set({ statusText }).where(eq(users.id, userId));
      return statusText;
    },

    /** The language of the content a member wants to read (articles, news). */
    async setContentLanguage(userId: number, language: string): Promise<void> {
      await db.update(users).set({ contentLanguage: language }).where(eq(users.id, userId));
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
