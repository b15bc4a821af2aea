import { z } from "zod";
import type { BackgroundId, BoardStyleId, PieceCode, PieceSetId, SoundEvent, SoundFormat, SoundSetId, ThemeSelection } from "./theme-catalogue.ts";

/**
 * The theme service's calls (spec 001 §7.4; decision 0065): GetActiveTheme
 * and SelectCustomTheme, their inputs and the active theme's answer.
 */

export { themePaths } from "./theme-paths.ts";

const themeId = z.string().trim().min(1).max(40);

/** SelectCustomTheme's body: any of the four ids (the others stay as they are); a form post adds its return path. */
export const selectThemeBodySchema = z.object({
  backgroundId: themeId.optional(),
  pieceSetId: themeId.optional(),
  boardStyleId: themeId.optional(),
  soundSetId: themeId.optional(),
  redirectUrl: z.string().max(2000).optional(),
});
export type SelectThemeBody = z.infer<typeof selectThemeBodySchema>;

/** GetActiveTheme's query. The pieces are drawn as SVG, so the sizes are accepted and need nothing. */
export const activeThemeQuerySchema = z.object({
  platform: z.enum(["WEB"]).optional(),
  piecesSize: z.coerce.number().int().min(1).max(1000).optional(),
  boardSize: z.coerce.number().int().min(1).max(4000).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** The ids a change asks for, each still to be checked against the catalogue. */
export type ThemeChange = Partial<Record<keyof ThemeSelection, string>>;

/** The theme assets of spec 001 §3.6, with the ids they belong to. */
export interface ActiveThemeView {
  readonly selection: ThemeSelection;
  /** The one stylesheet that applies this theme: board colours, piece images, sound set, background. */
  readonly stylesheetUrl: string;
  /** 1: top-down (the pseudo-3D and real-3D views are not drawn). */
  readonly perspective: 1;
  readonly boardStyle: {
    readonly id: BoardStyleId;
    readonly name: string;
    /** The board's background image (an 8 × 8 SVG). */
    readonly image: string;
    readonly lightSquare: string;
    readonly darkSquare: string;
    readonly highlight: string;
    readonly coordinateColors: { readonly light: string; readonly dark: string };
    /** The 3D board and coordinates images belong to the perspectives not drawn: none. */
    readonly image3d: null;
    readonly coordinatesImage: null;
  };
  readonly pieceSet: { readonly id: PieceSetId; readonly name: string; readonly pieces: Readonly<Record<PieceCode, string>> };
  readonly soundSet: { readonly id: SoundSetId; readonly name: string; readonly sounds: Readonly<Record<SoundEvent, Readonly<Record<SoundFormat, string>>>> };
  readonly background: { readonly id: BackgroundId; readonly name: string };
}

export interface ActiveThemeResponse {
  readonly theme: ActiveThemeView;
}
