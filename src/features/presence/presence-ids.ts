/**
 * The ids parameter of the presence lookup: "1,2,3". Zod-free, for the route
 * and the browser's lookups alike.
 */

/** Presence lookups take at most 25 ids (spec 001 §5, §9). */
export const maxPresenceIds = 25;

export type PresenceIdsError = "ids_missing" | "ids_invalid" | "ids_too_many";
export type PresenceIdsResult = { readonly ok: true; readonly ids: readonly number[] } | { readonly ok: false; readonly error: PresenceIdsError };

/** Postgres integer ids: 1 ... 2^31 - 1. */
const maxMemberId = 2_147_483_647;

/**
 * Reads `ids=1,2,3`: positive whole numbers, comma-separated (spaces around
 * them tolerated). Duplicates collapse to their first occurrence; more than
 * 25 distinct ids is refused. A repeated `ids` parameter arrives as an array
 * and is read as one list.
 */
export function parsePresenceIds(raw: unknown): PresenceIdsResult {
  const text = Array.isArray(raw) ? raw.filter((part): part is string => typeof part === "string").join(",") : raw;
  if (typeof text !== "string" || text.trim() === "") return { ok: false, error: "ids_missing" };
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const part of text.split(",")) {
    const digits = part.trim();
    if (!/^\d{1,10}$/.test(digits)) return { ok: false, error: "ids_invalid" };
    const id = Number(digits);
    if (id < 1 || id > maxMemberId) return { ok: false, error: "ids_invalid" };
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    if (ids.length > maxPresenceIds) return { ok: false, error: "ids_too_many" };
  }
  return { ok: true, ids };
}
