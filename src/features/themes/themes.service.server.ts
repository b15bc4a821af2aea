import { eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { defaultThemeSelection, isBackgroundId, isBoardStyleId, isPieceSetId, isSoundSetId, selectionOf, type ThemeSelection } from "./theme-catalogue.ts";
import { themeStylesheetUrl } from "./theme-stylesheet.server.ts";
import { themeSelectionRefusal, type ThemeRefusal } from "./themes.policy.ts";
import type { ThemeChange } from "./themes.schema.ts";
import { memberThemes } from "./themes.tables.server.ts";

/** Who chooses, as the session knows them. */
export interface ThemeActor {
  readonly id: number;
  readonly level: number;
}

/** Whose theme a page shows: a member's own, else the default (visitors and guests). */
export interface ThemeViewer {
  readonly id: number | null;
  readonly isMember: boolean;
}

export type ThemeFailure = ThemeRefusal | "theme_unknown" | "theme_empty";

const checks: Readonly<Record<keyof ThemeSelection, (value: unknown) => boolean>> = {
  boardStyleId: isBoardStyleId,
  pieceSetId: isPieceSetId,
  soundSetId: isSoundSetId,
  backgroundId: isBackgroundId,
};
const fields = ["boardStyleId", "pieceSetId", "soundSetId", "backgroundId"] as const;

/**
 * The theme service (spec 001 §7.4: GetActiveTheme, SelectCustomTheme;
 * decision 0065): the only writer of member_themes.
 */
export function createThemesService(db: Database) {
  async function storedSelection(memberId: number): Promise<ThemeSelection> {
    const [row] = await db
      .select({ boardStyleId: memberThemes.boardStyleId, pieceSetId: memberThemes.pieceSetId, soundSetId: memberThemes.soundSetId, backgroundId: memberThemes.backgroundId })
      .from(memberThemes)
      .where(eq(memberThemes.memberId, memberId));
    return row ? selectionOf(row) : defaultThemeSelection;
  }

  /** The theme a viewer sees: their choice, or the default. */
  async function activeSelection(viewer: ThemeViewer): Promise<ThemeSelection> {
    return viewer.isMember && viewer.id !== null ? storedSelection(viewer.id) : defaultThemeSelection;
  }

  return {
    activeSelection,

    /** The stylesheet a page links for this viewer, from the first byte. */
    async stylesheetUrlFor(viewer: ThemeViewer): Promise<string> {
      return themeStylesheetUrl(await activeSelection(viewer));
    },

    /**
     * SelectCustomTheme: the ids given replace the member's, the others stay.
     * Refused before anything changes: a guest, an empty change, an id the
     * catalogue does not offer (`values.field` names the first such field).
     */
    async select(actor: ThemeActor, change: ThemeChange): Promise<Result<ThemeSelection, ThemeFailure>> {
      const refusal = themeSelectionRefusal(actor.level);
      if (refusal) return fail(refusal);
      const given = fields.filter((field) => change[field] !== undefined);
      if (given.length === 0) return fail("theme_empty");
      const unknown = given.find((field) => !checks[field](change[field]));
      if (unknown) return fail("theme_unknown", { field: unknown });
      const chosen: Partial<ThemeSelection> = {
        ...(isBoardStyleId(change.boardStyleId) ? { boardStyleId: change.boardStyleId } : {}),
        ...(isPieceSetId(change.pieceSetId) ? { pieceSetId: change.pieceSetId } : {}),
        ...(isSoundSetId(change.soundSetId) ? { soundSetId: change.soundSetId } : {}),
        ...(isBackgroundId(change.backgroundId) ? { backgroundId: change.backgroundId } : {}),
      };
      // One statement: two changes of different fields at once both hold.
      const [row] = await db
        .insert(memberThemes)
        .values({ memberId: actor.id, ...defaultThemeSelection, ...chosen })
        .onConflictDoUpdate({ target: memberThemes.memberId, set: { ...chosen, updatedAt: new Date() } })
        .returning({ boardStyleId: memberThemes.boardStyleId, pieceSetId: memberThemes.pieceSetId, soundSetId: memberThemes.soundSetId, backgroundId: memberThemes.backgroundId });
      const next = row ? selectionOf(row) : defaultThemeSelection;
      return ok(next);
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
