import { themeStylesheetLinkId } from "../../platform/shell/root-data.ts";
import { pieceCodes, type PieceCode } from "./theme-catalogue.ts";
import { themeVariables } from "./theme-variables.ts";

/**
 * Applies a theme in place, without a page reload (spec 001 §4.5: a change
 * reloads the active theme stylesheet, then re-reads the theme assets). The
 * new stylesheet loads beside the old one, so the board never shows without
 * pieces; then the page's own <link> takes its address and the helper goes.
 * The sound player reads the sound set from the stylesheet at each sound, so
 * it hears the change as soon as this resolves.
 */
export async function applyThemeStylesheet(url: string): Promise<ThemeAssets> {
  const link = document.getElementById(themeStylesheetLinkId);
  if (link instanceof HTMLLinkElement && link.getAttribute("href") !== url) {
    const incoming = document.createElement("link");
    incoming.rel = "stylesheet";
    incoming.href = url;
    await loaded(incoming, () => link.after(incoming));
    await loaded(link, () => link.setAttribute("href", url));
    incoming.remove();
  }
  const assets = readThemeAssets();
  window.dispatchEvent(new CustomEvent(themeChangedEvent, { detail: assets }));
  return assets;
}

/** Sent on window after a change, with the new assets. */
export const themeChangedEvent = "ks:theme-changed";

/** How long a stylesheet may take before the change goes on without waiting (a lost load event must not hang it). */
const LOAD_WAIT_MS = 5000;

/** Resolves once the stylesheet `start` points the link at has loaded (or failed: the page keeps what it has). */
function loaded(link: HTMLLinkElement, start: () => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, LOAD_WAIT_MS);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
    start();
  });
}

/** The theme assets as the page's styles hold them (spec 001 §3.6: "read from style variables"). */
export interface ThemeAssets {
  readonly lightSquare: string;
  readonly darkSquare: string;
  readonly highlight: string;
  readonly coordinateOnLight: string;
  readonly coordinateOnDark: string;
  readonly boardImage: string;
  readonly soundSet: string;
  readonly pieces: Readonly<Partial<Record<PieceCode, string>>>;
}

export function readThemeAssets(): ThemeAssets {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const urlOf = (value: string) => /^url\(["']?(.*?)["']?\)$/.exec(value)?.[1] ?? "";
  return {
    lightSquare: read(themeVariables.lightSquare),
    darkSquare: read(themeVariables.darkSquare),
    highlight: read(themeVariables.highlight),
    coordinateOnLight: read(themeVariables.coordinateOnLight),
    coordinateOnDark: read(themeVariables.coordinateOnDark),
    boardImage: urlOf(read(themeVariables.boardImage)),
    soundSet: read(themeVariables.soundSet).replace(/^"|"$/g, ""),
    pieces: Object.fromEntries(pieceCodes.map((code) => [code, urlOf(read(themeVariables.piece(code)))])),
  };
}
