import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { storageKeyOfUrl, type FileStorage } from "../../../platform/storage/file-storage.ts";
import { resizedUpload, storeImage, type ImageShape } from "../../../platform/storage/uploaded-image.server.ts";
import { users } from "../accounts.tables.server.ts";
import { AVATAR_MAX_BYTES, AVATAR_SIZE, type ProfileBody, type ProfileDetails, type ProfileFailure } from "./profile.schema.ts";

/** A member's avatar: a square WebP of AVATAR_SIZE pixels from a JPEG, PNG, WebP or GIF. */
const avatarShape: ImageShape = { maxBytes: AVATAR_MAX_BYTES, width: AVATAR_SIZE, height: AVATAR_SIZE, formats: ["jpeg", "png", "webp", "gif"] };

/**
 * The member's own profile: names, location, country, bio and avatar, edited
 * in /settings unless staff turned profile editing off for them. The only
 * writer of those columns; avatars go through the site's one file storage.
 */
export function createProfileService(db: Database, storage: FileStorage) {
  async function editingAllowed(userId: number): Promise<boolean> {
    const [row] = await db.select({ allowed: users.profileEditingAllowed }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.allowed ?? false;
  }

  /** Points the member at `avatarUrl` and deletes the file it replaces (when the storage holds it). */
  async function replaceAvatar(userId: number, avatarUrl: string | null): Promise<void> {
    const [before] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).limit(1);
    await db.update(users).set({ avatarUrl }).where(eq(users.id, userId));
    const oldKey = storageKeyOfUrl(before?.avatarUrl);
    if (oldKey && before?.avatarUrl !== avatarUrl) await storage.delete(oldKey);
  }

  return {
    async details(userId: number): Promise<ProfileDetails | null> {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, location: users.location, bio: users.bio, country: users.countryCode, avatarUrl: users.avatarUrl, editingAllowed: users.profileEditingAllowed })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async save(userId: number, input: ProfileBody): Promise<Result<null, ProfileFailure>> {
      if (!(await editingAllowed(userId))) return fail("profile_editing_disallowed");
      await db
        .update(users)
        .set({ firstName: input.first_name, lastName: input.last_name, location: input.location, bio: input.bio, countryCode: input.country })
        .where(eq(users.id, userId));
      return ok(null);
    },

    /** A new avatar from an upload: checked, resized, stored under a new random key; the old file goes. */
    async setAvatar(userId: number, upload: Buffer): Promise<Result<{ avatarUrl: string }, ProfileFailure>> {
      if (!(await editingAllowed(userId))) return fail("profile_editing_disallowed");
      const image = await resizedUpload(upload, avatarShape);
      if (!image.ok) return fail(`avatar_${image.error}`);
      const avatarUrl = await storeImage(storage, "avatars", String(userId), image.value);
      await replaceAvatar(userId, avatarUrl);
      return ok({ avatarUrl });
    },

    async removeAvatar(userId: number): Promise<Result<null, ProfileFailure>> {
      if (!(await editingAllowed(userId))) return fail("profile_editing_disallowed");
      await replaceAvatar(userId, null);
      return ok(null);
    },

    /** Staff's switch (spec 000 §4): false keeps the member from editing their profile. Null when there is no such member. */
    async setEditingAllowed(username: string, allowed: boolean): Promise<{ username: string; editingAllowed: boolean } | null> {
      const [row] = await db
        .update(users)
        .set({ profileEditingAllowed: allowed })
        .where(eq(users.usernameKey, username.toLowerCase()))
        .returning({ username: users.username, editingAllowed: users.profileEditingAllowed });
      return row ?? null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
