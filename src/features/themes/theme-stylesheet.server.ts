import { createHash } from "node:crypto";
import { backgroundOf, boardStyleOf, pieceClassNames, pieceCodes, pieceImageUrl, type BoardStyle, type ThemeSelection } from "./theme-catalogue.ts";
import { themeVariables } from "./theme-variables.ts";

/**
 * The stylesheet of one theme (decision 0065): the board's colours, the sound
 * set and the twelve piece images as custom properties on :root (the theme
 * assets "read from style variables", spec 001 §3.6), the rules that put the
 * pieces on chessground's `piece.white.king` elements (the live board, the
 * static boards, the promotion dialog), and the background. A page links only
 * its viewer's theme; each is about 1.5 KB.
 */
export function themeStylesheet(selection: ThemeSelection): string {
  const style = boardStyleOf(selection.boardStyleId);
  const background = backgroundOf(selection.backgroundId);
  const variables: [string, string][] = [
    [themeVariables.lightSquare, style.light],
    [themeVariables.darkSquare, style.dark],
    [themeVariables.highlight, style.highlight],
    [themeVariables.coordinateOnLight, style.coordinateOnLight],
    [themeVariables.coordinateOnDark, style.coordinateOnDark],
    [themeVariables.boardImage, `url(${boardImageUrl(style.id)})`],
    [themeVariables.soundSet, JSON.stringify(selection.soundSetId)],
    ...pieceCodes.map((code): [string, string] => [themeVariables.piece(code), `url(${pieceImageUrl(selection.pieceSetId, code)})`]),
  ];
  const root = `:root{${variables.map(([name, value]) => `${name}:${value}`).join(";")}}`;
  const pieces = pieceCodes.map((code) => {
    const [color, role] = pieceClassNames[code];
    return `.cg-wrap piece.${role}.${color}{background-image:var(${themeVariables.piece(code)})}`;
  });
  const backdrop = background.image ? [`body{background-image:${background.image};background-attachment:fixed${background.tile ? `;background-size:${background.tile}` : ""}}`] : [];
  return [root, ...pieces, ...backdrop].join("\n") + "\n";
}

/** The board's background image: the 64 squares as one SVG (spec 001 §3.6, theme assets). */
export function boardImage(style: BoardStyle): string {
  const squares: string[] = [];
  for (let rank = 0; rank < 8; rank++) for (let file = 0; file < 8; file++) if ((rank + file) % 2 === 1) squares.push(`M${file} ${rank}h1v1h-1z`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges"><rect width="8" height="8" fill="${style.light}"/><path fill="${style.dark}" d="${squares.join("")}"/></svg>\n`;
}

export const boardImageUrl = (id: string) => `/pub/themes/boards/${id}.svg`;

/** A stylesheet's version: its text's hash, so that a changed catalogue is fetched anew while an unchanged one is cached for good. */
export function stylesheetVersion(css: string): string {
  return createHash("sha256").update(css).digest("base64url").slice(0, 10);
}

const urls = new Map<string, string>();

/** Where a theme's stylesheet is served, with its version (kept per theme: every page asks). */
export function themeStylesheetUrl(selection: ThemeSelection): string {
  const { boardStyleId, pieceSetId, soundSetId, backgroundId } = selection;
  const path = `/pub/themes/${boardStyleId}/${pieceSetId}/${soundSetId}/${backgroundId}.css`;
  let url = urls.get(path);
  if (url === undefined) urls.set(path, (url = `${path}?v=${stylesheetVersion(themeStylesheet(selection))}`));
  return url;
}
