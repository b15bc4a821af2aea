import { z } from "zod";
import {
  moveListClassificationStyles,
  moveListDisplayTypes,
  readCoordinates,
  savedMoveMethods,
  saveAnimationType,
  settingsKeys,
  type CoordinatePlacement,
  type SettingsKey,
  type StoredBoardSettings,
} from "./board-options.ts";

/**
 * The bodies of the settings service's `users/me` (spec 001 §7.4): a map by
 * the spec's keys, from the HTTP client (JSON, booleans as 0/1) or from the
 * settings page's form without JavaScript (strings). Each key is optional;
 * a key we do not know, or a value outside its key's choices, refuses the
 * whole change (400) and nothing is saved.
 */

/** true/false, as JSON, as the HTTP client's 0/1, or as a form's "1"/"0". */
const flag = z.union([z.boolean(), z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false")]).transform((value) => value === true || value === 1 || value === "1" || value === "true");

/** Saved as given, except "default" or empty, saved as "medium" (spec 001 §5). */
const animationType = z.enum(["none", "slow", "medium", "fast", "battle", "default", ""]).transform(saveAnimationType);

/** off, inside, outside, or an index onto that order (a number, or its digit from a form). */
const coordinates = z.union([z.number(), z.string().max(8)]).transform((value, context): CoordinatePlacement => {
  const placement = readCoordinates(typeof value === "string" && /^\d$/.test(value) ? Number(value) : value);
  if (placement === null) {
    context.addIssue({ code: "custom", message: "coordinates" });
    return z.NEVER;
  }
  return placement;
});

/** The saved move methods, and the read ones a page may send back ("drag-only" is saved as "drag_only"). */
const moveMethod = z.enum([...savedMoveMethods, "drag-only"]).transform((method) => (method === "drag-only" ? "drag_only" : method));

/** Dark, light, or follow the system again: null (JSON) or "system" (a form). */
const darkMode = z.union([flag, z.null(), z.literal("system")]).transform((value) => (value === "system" ? null : value));

const valueSchemas = {
  "board.animation_type": animationType,
  "board.coordinates": coordinates,
  "board.show_legal_moves": flag,
  "board.highlight_moves": flag,
  "board.white_always_on_bottom": flag,
  "board.move_list_style": z.enum(moveListDisplayTypes),
  "board.move_classification_style": z.enum(moveListClassificationStyles),
  "board.move_method": moveMethod,
  "board.play_sounds": flag,
  "gameplay.show_timestamps": flag,
  "site.dark_mode": darkMode,
} as const satisfies Record<SettingsKey, z.ZodType>;

/** A change: any of the keys, each with its saved value. */
export const boardSettingsChangeSchema = z.object(valueSchemas).partial().strict();
export type BoardSettingsChange = Partial<StoredBoardSettings>;

/** What travels beside the map: the CSRF field, a form's language and where it goes back to. */
const envelopeFields = ["_token", "locale", "redirectUrl"] as const;
export const boardSettingsEnvelopeSchema = z.object({ locale: z.string().max(16).optional(), redirectUrl: z.string().max(2048).optional() });

export type BoardSettingsProblem = { readonly kind: "unknown_key" | "invalid_value"; readonly key: string } | { readonly kind: "empty" };

/**
 * The change a body asks for, or what is wrong with it (the first unknown key
 * or bad value). A form without JavaScript sends a checkbox as a hidden "0"
 * followed, when ticked, by its "1": `fromForm` takes the last of repeated fields.
 */
export function parseBoardSettingsChange(body: unknown, fromForm = false): { ok: true; change: BoardSettingsChange } | { ok: false; problem: BoardSettingsProblem } {
  const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.entries(body) : [];
  const map = Object.fromEntries(
    fields
      .filter(([key]) => !envelopeFields.some((field) => field === key))
      .map(([key, value]: [string, unknown]) => [key, fromForm && Array.isArray(value) ? value.at(-1) : value]),
  );
  const unknownKey = Object.keys(map).find((key) => !settingsKeys.some((known) => known === key));
  if (unknownKey !== undefined) return { ok: false, problem: { kind: "unknown_key", key: unknownKey.slice(0, 60) } };
  const parsed = boardSettingsChangeSchema.safeParse(map);
  if (!parsed.success) return { ok: false, problem: { kind: "invalid_value", key: String(parsed.error.issues[0]?.path[0] ?? "") } };
  if (Object.keys(parsed.data).length === 0) return { ok: false, problem: { kind: "empty" } };
  return { ok: true, change: parsed.data };
}

/** GET users/me?include=a,b: the keys asked for (all of them when none are), or the first unknown one. */
export function parseIncludedKeys(include: unknown): { ok: true; keys: readonly SettingsKey[] } | { ok: false; key: string } {
  if (include === undefined || include === "") return { ok: true, keys: settingsKeys };
  if (typeof include !== "string") return { ok: false, key: "include" };
  const keys: SettingsKey[] = [];
  for (const name of include.split(",").map((part) => part.trim())) {
    const key = settingsKeys.find((known) => known === name);
    if (!key) return { ok: false, key: name.slice(0, 60) };
    if (!keys.includes(key)) keys.push(key);
  }
  return { ok: true, keys };
}
