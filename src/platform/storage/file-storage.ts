/**
 * THE way the site keeps uploaded files (member avatars, club avatars and
 * backgrounds): one interface, a local-disk default under the data directory
 * (local-disk-storage.server.ts). A shared store (an object store for many
 * instances) is another implementation of the same interface. Uploaded
 * images are checked and resized by uploaded-image.server.ts before they
 * come here.
 *
 * Keys are "<folder>/<name>.<ext>" in lower-case letters, digits and dashes;
 * the server serves each file at `/uploads/<key>` (uploads.server.ts).
 */
export interface FileStorage {
  /** "local" for the disk store: /healthz and logs. */
  readonly kind: string;
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY_PATTERN = /^[a-z0-9-]{1,40}\/[a-z0-9-]{1,80}\.(webp|png|jpg)$/;

/** Where the server serves stored files. */
export const UPLOADS_PATH = "/uploads/";

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

/** The public URL of a stored file (same-origin, relative). */
export function storedFileUrl(key: string): string {
  return `${UPLOADS_PATH}${key}`;
}

/** The key a URL from storedFileUrl names, or null for any other URL (e.g. an avatar from elsewhere). */
export function storageKeyOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  return isStorageKey(key) ? key : null;
}
