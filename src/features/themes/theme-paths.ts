/** Where the theme service's calls are (decision 0065): zod-free, for the browser. */
export const themePaths = {
  /** GET: the active theme (spec 001 §7.4: platform WEB, piecesSize 150, boardSize 200, userId). */
  active: "/callback/themes/active",
  /** POST: SelectCustomTheme (backgroundId, pieceSetId, boardStyleId, soundSetId). */
  select: "/callback/themes/select",
} as const;
