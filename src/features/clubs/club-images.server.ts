import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { storageKeyOfUrl, type FileStorage } from "../../platform/storage/file-storage.ts";
import { resizedUpload, storeImage, type ImageShape, type UploadedImageFailure } from "../../platform/storage/uploaded-image.server.ts";
import { CLUB_AVATAR_MAX_BYTES, CLUB_AVATAR_SIZE, CLUB_BACKGROUND_HEIGHT, CLUB_BACKGROUND_MAX_BYTES, CLUB_BACKGROUND_WIDTH } from "./clubs.constants.ts";

const clubImageFormats = ["png", "jpeg", "webp"] as const;

/** A club's two images: a square avatar and a wide banner behind the page's header. */
const clubImageShapes = {
  avatar: { maxBytes: CLUB_AVATAR_MAX_BYTES, width: CLUB_AVATAR_SIZE, height: CLUB_AVATAR_SIZE, formats: clubImageFormats },
  background: { maxBytes: CLUB_BACKGROUND_MAX_BYTES, width: CLUB_BACKGROUND_WIDTH, height: CLUB_BACKGROUND_HEIGHT, formats: clubImageFormats },
} as const satisfies Record<string, ImageShape>;

export type ClubImageField = keyof typeof clubImageShapes;
/** Which image was refused and why, e.g. "background_too_large" (a message clubs.create.error.<code>). */
export type ClubImageFailure = `${ClubImageField}_${Exclude<UploadedImageFailure, "missing">}`;
export const clubImageFailures = ["avatar_too_large", "avatar_not_image", "background_too_large", "background_not_image"] as const satisfies readonly ClubImageFailure[];

/** The files a create or edit form sent; an absent or empty file (a form's untouched file input) changes nothing. */
export type ClubUploads = Partial<Record<ClubImageField, Buffer>>;
export type StoredClubImages = Partial<Record<ClubImageField, string>>;

/**
 * Resizes every upload first and stores them only when all are good, so a
 * refused background leaves no orphaned avatar behind. Answers the stored
 * images' URLs by field.
 */
export async function storeClubImages(storage: FileStorage, clubPrefix: string, uploads: ClubUploads): Promise<Result<StoredClubImages, ClubImageFailure>> {
  const resized: [ClubImageField, Buffer][] = [];
  for (const field of ["avatar", "background"] as const) {
    const upload = uploads[field];
    if (!upload || upload.length === 0) continue;
    const image = await resizedUpload(upload, clubImageShapes[field]);
    if (!image.ok) return image.error === "missing" ? fail(`${field}_not_image`) : fail(`${field}_${image.error}`);
    resized.push([field, image.value]);
  }
  const stored: StoredClubImages = {};
  for (const [field, image] of resized) stored[field] = await storeImage(storage, "clubs", `${clubPrefix}-${field}`, image);
  return ok(stored);
}

/** Deletes the files these URLs name when the storage holds them (an image address from elsewhere is left alone). */
export async function deleteStoredImages(storage: FileStorage, urls: readonly (string | null | undefined)[]): Promise<void> {
  for (const url of urls) {
    const key = storageKeyOfUrl(url);
    if (key) await storage.delete(key);
  }
}
