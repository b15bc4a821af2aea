import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { boardSettings, type BoardSettingsRow } from "../accounts.tables.server.ts";
import { boardOptionsOf, defaultBoardOptions, readCoordinates, storedSettingsOf, type BoardOptions, type StoredBoardSettings } from "./board-options.ts";
import type { BoardSettingsChange } from "./board-options.schema.ts";

const defaultStoredSettings: StoredBoardSettings = storedSettingsOf(defaultBoardOptions);

/** The saved map of a member's row; no row (never saved): the defaults. */
export function storedSettingsOfRow(row: BoardSettingsRow | null): StoredBoardSettings {
  if (!row) return defaultStoredSettings;
  return {
    "board.animation_type": row.animationType,
    "board.coordinates": readCoordinates(row.coordinates) ?? defaultStoredSettings["board.coordinates"],
    "board.show_legal_moves": row.showLegalMoves,
    "board.highlight_moves": row.highlightMoves,
    "board.white_always_on_bottom": row.whiteAlwaysOnBottom,
    "board.move_list_style": row.moveListStyle === "figurine" ? "figurine" : "text",
    "board.move_classification_style": row.moveClassificationStyle === "none" ? "none" : "default",
    "board.move_method": row.moveMethod,
    "board.play_sounds": row.playSounds,
    "gameplay.show_timestamps": row.showTimestamps,
    "site.dark_mode": row.darkMode,
  };
}

/** The options a member's boards obey, from their row (the session query reads it). */
export function boardOptionsOfRow(row: BoardSettingsRow | null): BoardOptions {
  return row ? boardOptionsOf(storedSettingsOfRow(row)) : defaultBoardOptions;
}

/** The columns a change sets. */
function columnsOf(change: BoardSettingsChange): Partial<BoardSettingsRow> {
  const columns: { -readonly [K in keyof BoardSettingsRow]?: BoardSettingsRow[K] } = {};
  if (change["board.animation_type"] !== undefined) columns.animationType = change["board.animation_type"];
  if (change["board.coordinates"] !== undefined) columns.coordinates = change["board.coordinates"];
  if (change["board.show_legal_moves"] !== undefined) columns.showLegalMoves = change["board.show_legal_moves"];
  if (change["board.highlight_moves"] !== undefined) columns.highlightMoves = change["board.highlight_moves"];
  if (change["board.white_always_on_bottom"] !== undefined) columns.whiteAlwaysOnBottom = change["board.white_always_on_bottom"];
  if (change["board.move_list_style"] !== undefined) columns.moveListStyle = change["board.move_list_style"];
  if (change["board.move_classification_style"] !== undefined) columns.moveClassificationStyle = change["board.move_classification_style"];
  if (change["board.move_method"] !== undefined) columns.moveMethod = change["board.move_method"];
  if (change["board.play_sounds"] !== undefined) columns.playSounds = change["board.play_sounds"];
  if (change["gameplay.show_timestamps"] !== undefined) columns.showTimestamps = change["gameplay.show_timestamps"];
  if (change["site.dark_mode"] !== undefined) columns.darkMode = change["site.dark_mode"];
  return columns;
}

/** A member's board options and site theme (spec 001 §3.6, §7.4): the only writer of board_settings. */
export function createBoardOptionsService(db: Database) {
  return {
    /** The saved map, every key (the route picks those asked for). */
    async settingsOf(userId: number): Promise<StoredBoardSettings> {
      const [row] = await db.select().from(boardSettings).where(eq(boardSettings.userId, userId)).limit(1);
      return storedSettingsOfRow(row ?? null);
    },

    /** Saves the keys a change names (the others keep their value) and answers the whole saved map. */
    async change(userId: number, change: BoardSettingsChange): Promise<StoredBoardSettings> {
      const columns = { ...columnsOf(change), updatedAt: new Date() };
      const [row] = await db
        .insert(boardSettings)
        .values({ ...columns, userId })
        .onConflictDoUpdate({ target: boardSettings.userId, set: columns })
        .returning();
      return storedSettingsOfRow(row ?? null);
    },
  };
}

export type BoardOptionsService = ReturnType<typeof createBoardOptionsService>;
