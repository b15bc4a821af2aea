import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { isStorageKey, type FileStorage } from "./file-storage.ts";

function checkedKey(key: string): string {
  // The pattern admits no "..", no leading "/" and no backslash: a key never leaves the directory.
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a directory on this machine (by default <DATA_DIR>/uploads): for one instance, or instances sharing a disk. */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = resolve(directory);
  return {
    kind: "local",
    async put(key, data) {
      const path = join(root, checkedKey(key));
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${path}.${randomBytes(4).toString("hex")}.part`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if (error && typeof error === "object" && "code" in error && error.code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(root, checkedKey(key)), { force: true });
    },
  };
}
