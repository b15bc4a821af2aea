import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pieceCodes, pieceSetIds, type PieceCode, type PieceSetId } from "../src/features/themes/theme-catalogue.ts";

/**
 * `npx tsx scripts/draw-piece-sets.ts`: draws the site's piece sets (spec 001
 * §3.6: twelve images per set, w or b plus k q r b n p) from code and writes
 * them to public/pieces/{set}/{code}.svg. Every shape here is our own,
 * drawn for Kingside (AGPL-3.0-or-later like the rest of the project);
 * nothing is traced or copied from another set. Run by hand when a drawing
 * changes; the files are committed. Deterministic: the same files every run.
 *
 * Every drawing is on a 100 × 100 canvas, the piece standing on y ≈ 90.
 */

type Color = "w" | "b";
const roles = ["k", "q", "r", "b", "n", "p"] as const;
type Role = (typeof roles)[number];

interface Ink {
  /** The piece's body. */
  readonly fill: string;
  /** Its outline. */
  readonly line: string;
  /** Marks drawn on the body (a bishop's slit, a knight's eye). */
  readonly mark: string;
}

/** Attributes of an SVG element, in a stable order. */
const attrs = (values: Readonly<Record<string, string | number>>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ");
const path = (d: string, style: Readonly<Record<string, string | number>>) => `<path d="${d}" ${attrs(style)}/>`;
const circle = (cx: number, cy: number, r: number, style: Readonly<Record<string, string | number>>) => `<circle ${attrs({ cx, cy, r, ...style })}/>`;
const svg = (body: string, defs = "") => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;

// ---------------------------------------------------------------------------
// Staunton: classic silhouettes on a turned base, a dark outline, marks in the contrasting colour.

const stauntonBase = "M20 90 Q18 90 18 87 L18 84 Q18 80 23 80 L77 80 Q82 80 82 84 L82 87 Q82 90 80 90 Z";
const stauntonSkirt = "M29 80 Q33 74 33 69 L67 69 Q67 74 71 80 Z";
const stauntonShapes: Record<Role, readonly string[]> = {
  p: ["M50 14 A12 12 0 1 1 49.9 14 Z", "M37 45 Q37 40 42 39 L58 39 Q63 40 63 45 Q63 48 58 48 L42 48 Q37 48 37 45 Z", "M42 48 Q42 62 29 80 L71 80 Q58 62 58 48 Z", stauntonBase],
  r: [
    "M26 16 L36 16 L36 23 L44 23 L44 16 L56 16 L56 23 L64 23 L64 16 L74 16 L74 34 L26 34 Z",
    "M30 34 L70 34 L66 40 L34 40 Z",
    "M34 40 L66 40 L68 69 L32 69 Z",
    "M28 69 Q28 66 31 66 L69 66 Q72 66 72 69 L72 72 L28 72 Z",
    "M28 72 L72 72 Q70 76 76 80 L24 80 Q30 76 28 72 Z",
    stauntonBase,
  ],
  b: [
    "M50 4 A5 5 0 1 1 49.9 4 Z",
    "M50 13 C37 23 33 36 38 47 L62 47 C67 36 63 23 50 13 Z",
    "M35 50 Q35 46 40 46 L60 46 Q65 46 65 50 Q65 54 60 54 L40 54 Q35 54 35 50 Z",
    "M41 54 Q41 66 33 69 L67 69 Q59 66 59 54 Z",
    stauntonSkirt,
    stauntonBase,
  ],
  q: [
    "M29 60 L17 26 L33 45 L34 19 L43 42 L50 14 L57 42 L66 19 L67 45 L83 26 L71 60 Z",
    "M17 26 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z",
    "M34 19 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z",
    "M50 14 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z",
    "M66 19 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z",
    "M83 26 m-5 0 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z",
    "M28 60 L72 60 L71 69 L29 69 Z",
    stauntonSkirt,
    stauntonBase,
  ],
  k: [
    "M46 4 L54 4 L54 11 L61 11 L61 18 L54 18 L54 28 L46 28 L46 18 L39 18 L39 11 L46 11 Z",
    "M50 28 C44 28 43 34 44 38 C36 31 22 33 22 45 C22 52 27 57 31 61 L69 61 C73 57 78 52 78 45 C78 33 64 31 56 38 C57 34 56 28 50 28 Z",
    "M28 61 L72 61 L71 69 L29 69 Z",
    stauntonSkirt,
    stauntonBase,
  ],
  n: [
    "M72 80 C76 62 76 40 64 26 C60 21 56 19 52 18 L50 9 L44 17 C36 19 30 25 26 33 L16 50 C14 54 16 59 21 59 C25 59 28 56 32 54 C36 53 41 52 45 50 C41 58 31 66 29 80 Z",
    stauntonBase,
  ],
};
const stauntonMarks: Partial<Record<Role, readonly string[]>> = {
  b: ["M54 24 L45 36"],
  n: ["M56 22 C66 30 70 44 68 62", "M21 52 L24 51"],
  k: ["M50 38 L50 58", "M32 65 L68 65"],
  q: ["M32 65 L68 65"],
  r: ["M36 34 L64 34"],
};
const stauntonEyes: Partial<Record<Role, readonly [number, number, number]>> = { n: [37, 31, 2.6] };

function staunton(role: Role, ink: Ink): string {
  const body = stauntonShapes[role].map((d) => path(d, { fill: ink.fill, stroke: ink.line, "stroke-width": 2.6, "stroke-linejoin": "round" })).join("");
  const marks = (stauntonMarks[role] ?? []).map((d) => path(d, { fill: "none", stroke: ink.mark, "stroke-width": 2.4, "stroke-linecap": "round" })).join("");
  const eye = stauntonEyes[role];
  return svg(body + marks + (eye ? circle(eye[0], eye[1], eye[2], { fill: ink.mark }) : ""));
}

// ---------------------------------------------------------------------------
// Neo: rounded, chunky shapes with soft shading and a bold rim; the site's default.

const neoShapes: Record<Role, string> = {
  p: "M50 16 C59 16 65 23 65 31 C65 37 62 41 58 44 L63 47 C63 51 61 52 58 52 C59 62 64 70 71 75 C74 77 75 80 75 83 L75 88 L25 88 L25 83 C25 80 26 77 29 75 C36 70 41 62 42 52 C39 52 37 51 37 47 L42 44 C38 41 35 37 35 31 C35 23 41 16 50 16 Z",
  r: "M25 14 L37 14 L37 22 L44 22 L44 14 L56 14 L56 22 L63 22 L63 14 L75 14 L75 34 C75 37 72 39 69 40 L69 66 C73 68 77 72 77 77 L77 88 L23 88 L23 77 C23 72 27 68 31 66 L31 40 C28 39 25 37 25 34 Z",
  b: "M50 6 C54 6 56 9 55 12 C66 19 72 31 68 42 C66 47 61 50 58 51 L61 54 C61 58 59 59 57 59 C58 66 63 71 69 74 C73 76 75 79 75 83 L75 88 L25 88 L25 83 C25 79 27 76 31 74 C37 71 42 66 43 59 C41 59 39 58 39 54 L42 51 C39 50 34 47 32 42 C28 31 34 19 45 12 C44 9 46 6 50 6 Z",
  q: "M50 8 C54 8 57 11 56 16 L61 37 L70 20 C68 16 70 12 74 12 C79 12 81 18 77 21 L71 53 C70 57 68 59 65 60 L64 64 C64 69 69 73 73 76 C75 78 76 80 76 83 L76 88 L24 88 L24 83 C24 80 25 78 27 76 C31 73 36 69 36 64 L35 60 C32 59 30 57 29 53 L23 21 C19 18 21 12 26 12 C30 12 32 16 30 20 L39 37 L44 16 C43 11 46 8 50 8 Z",
  k: "M46 4 L54 4 L54 10 L60 10 L60 18 L54 18 L54 24 C57 25 59 28 59 31 C66 26 78 28 78 40 C78 48 73 54 67 58 L66 63 C66 69 70 73 74 76 C76 78 77 80 77 83 L77 88 L23 88 L23 83 C23 80 24 78 26 76 C30 73 34 69 34 63 L33 58 C27 54 22 48 22 40 C22 28 34 26 41 31 C41 28 43 25 46 24 L46 18 L40 18 L40 10 L46 10 Z",
  n: "M74 88 L26 88 L26 83 C26 74 34 68 40 62 C43 59 45 56 45 53 C40 56 33 57 28 59 C22 61 16 57 17 51 L30 28 C33 22 38 18 44 16 L47 7 L54 14 C67 17 77 30 77 48 C77 62 74 72 74 80 Z",
};
const neoMarks: Partial<Record<Role, string>> = {
  b: "M55 25 L46 37",
  n: "M58 22 C66 30 70 40 70 52",
};
const neoEyes: Partial<Record<Role, readonly [number, number, number]>> = { n: [38, 31, 3.4] };

function neo(role: Role, ink: Ink, color: Color): string {
  const shade = `neo-${color}`;
  const [top, bottom] = color === "w" ? ["#ffffff", "#d9d4cc"] : ["#6b6660", "#2b2826"];
  const defs = `<linearGradient id="${shade}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  const body = path(neoShapes[role], { fill: `url(#${shade})`, stroke: ink.line, "stroke-width": 4, "stroke-linejoin": "round" });
  const mark = neoMarks[role] ? path(neoMarks[role], { fill: "none", stroke: ink.mark, "stroke-width": 3.4, "stroke-linecap": "round" }) : "";
  const eye = neoEyes[role];
  return svg(body + mark + (eye ? circle(eye[0], eye[1], eye[2], { fill: ink.mark }) : ""), defs);
}

// ---------------------------------------------------------------------------
// Geometric: flat shapes built from circles, triangles and bars, no outline but a thin rim.

const geometricShapes: Record<Role, string> = {
  p: circleD(50, 34, 14) + "M50 48 L72 86 L28 86 Z",
  r: "M26 18 L38 18 L38 28 L44 28 L44 18 L56 18 L56 28 L62 28 L62 18 L74 18 L74 40 L26 40 Z M32 44 L68 44 L68 86 L32 86 Z",
  b: "M50 8 L70 52 L30 52 Z M30 56 L70 56 L70 62 L30 62 Z M44 62 L56 62 L72 86 L28 86 Z",
  q: "M18 22 L36 44 L50 14 L64 44 L82 22 L74 62 L26 62 Z M26 66 L74 66 L78 86 L22 86 Z",
  k: "M45 6 L55 6 L55 14 L63 14 L63 24 L55 24 L55 30 L45 30 L45 24 L37 24 L37 14 L45 14 Z M24 34 L76 34 L68 62 L32 62 Z M26 66 L74 66 L78 86 L22 86 Z",
  n: "M30 86 L30 66 L46 48 L24 52 L22 40 L44 14 L62 14 L76 34 L76 86 Z",
};
const geometricMarks: Partial<Record<Role, string>> = { b: "M46 30 L54 30", n: circleD(46, 30, 4) };

function circleD(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0 Z `;
}

function geometric(role: Role, ink: Ink): string {
  const body = path(geometricShapes[role], { fill: ink.fill, stroke: ink.line, "stroke-width": 2, "stroke-linejoin": "miter" });
  const mark = geometricMarks[role] ? path(geometricMarks[role], { fill: ink.mark, stroke: ink.mark, "stroke-width": 3 }) : "";
  return svg(body + mark);
}

// ---------------------------------------------------------------------------
// Pixel: 16 × 16 pixel art. "#" is the outline, "o" the body, "-" a highlight.

const pixelArt: Record<Role, readonly string[]> = {
  p: ["", "", "", "      ####", "     #oooo#", "    #oo-ooo#", "    #oooooo#", "     #oooo#", "    ########", "     #oooo#", "     #oooo#", "    #oooooo#", "   #oooooooo#", "  ############", "  #oooooooooo#", "  ############"],
  r: ["", "  ##  ####  ##", "  #o##o--o##o#", "  #oooooooooo#", "  ############", "   #oooooooo#", "    #oooooo#", "    #oo-ooo#", "    #oooooo#", "    #oooooo#", "    #oooooo#", "   #oooooooo#", "   ##########", "  #oooooooooo#", "  #oooooooooo#", "  ############"],
  b: ["       ##", "      #oo#", "       ##", "      #oo#", "     #o-oo#", "    #oo#ooo#", "    #o#oooo#", "    #oooooo#", "     #oooo#", "    ########", "     #oooo#", "     #oooo#", "    #oooooo#", "  ############", "  #oooooooooo#", "  ############"],
  q: [" #    ##    #", "#o#  #oo#  #o#", " #o#  ##  #o#", " #oo# #o #oo#", " #ooo#oo#ooo#", " #oooooooooo#", "  #oo-ooooo#", "  #oooooooo#", "   ########", "   #oooooo#", "    #oooo#", "    #oooo#", "   #oooooo#", "  ############", "  #oooooooooo#", "  ############"],
  k: ["       ##", "      #oo#", "     ##oo##", "     #oooo#", "      #oo#", "  #### ## ####", " #oooo####oooo#", " #oo-oooooooooo#", " #oooooooooooo#", "  #oooooooooo#", "   ##########", "    #oooooo#", "   #oooooooo#", "  ############", "  #oooooooooo#", "  ############"],
  n: ["", "      ##", "     #o##", "    #oooo##", "   #o#oooooo#", "  #oo-ooooooo#", " #oooooo#oooo#", " #ooo##  #ooo#", "  ###   #oooo#", "       #oooo#", "      #ooooo#", "     #oooooo#", "    #oooooooo#", "  ############", "  #oooooooooo#", "  ############"],
};

function pixel(role: Role, ink: Ink, color: Color): string {
  const tones: Record<string, string> = { "#": ink.line, o: ink.fill, "-": color === "w" ? "#bfb8ad" : "#77716a" };
  const cells: string[] = [];
  pixelArt[role].forEach((row, y) => {
    [...row].forEach((cell, x) => {
      const tone = tones[cell];
      if (tone) cells.push(`<rect x="${x * 6 + 2}" y="${y * 6 + 2}" width="6" height="6" fill="${tone}"/>`);
    });
  });
  return svg(`<g shape-rendering="crispEdges">${cells.join("")}</g>`);
}

// ---------------------------------------------------------------------------
// Letters: a round token with the piece's initial, drawn as strokes (no font needed).

const letterStrokes: Record<Role, string> = {
  k: "M40 32 L40 68 M60 32 L42 51 M47 46 L61 68",
  q: "M50 32 C38 32 36 42 36 49 C36 57 39 66 50 66 C61 66 64 57 64 49 C64 42 62 32 50 32 Z M53 59 L62 70",
  r: "M40 68 L40 32 L52 32 C63 32 63 50 52 50 L40 50 M50 50 L61 68",
  b: "M40 32 L40 68 L53 68 C64 68 64 50 53 50 L40 50 M40 32 L52 32 C61 32 61 50 52 50",
  n: "M39 68 L39 32 L61 68 L61 32",
  p: "M41 68 L41 32 L53 32 C64 32 64 51 53 51 L41 51",
};
/** Tokens grow with the piece's worth: a pawn is the smallest. */
const letterRadius: Record<Role, number> = { k: 38, q: 38, r: 35, b: 35, n: 35, p: 31 };

function letters(role: Role, ink: Ink): string {
  const radius = letterRadius[role];
  const token = circle(50, 50, radius, { fill: ink.fill, stroke: ink.line, "stroke-width": 4 });
  const ring = circle(50, 50, radius - 6, { fill: "none", stroke: ink.mark, "stroke-width": 1.5, opacity: 0.6 });
  const letter = path(letterStrokes[role], { fill: "none", stroke: ink.mark, "stroke-width": 6, "stroke-linecap": "round", "stroke-linejoin": "round" });
  return svg(token + ring + letter);
}

// ---------------------------------------------------------------------------
// Outline: the staunton silhouettes as line drawings, hollow with a heavy contour.

function outline(role: Role, ink: Ink, color: Color): string {
  const halo = color === "w" ? "#1d1b19" : "#f4f1ea";
  const shapes = stauntonShapes[role];
  const under = shapes.map((d) => path(d, { fill: "none", stroke: halo, "stroke-width": 8, "stroke-linejoin": "round" })).join("");
  const over = shapes.map((d) => path(d, { fill: color === "w" ? "rgba(255,255,255,0.5)" : "rgba(0,0,0,0.68)", stroke: color === "w" ? "#ffffff" : "#111010", "stroke-width": 4, "stroke-linejoin": "round" })).join("");
  return svg(under + over);
}

// ---------------------------------------------------------------------------

const inks: Record<Color, Ink> = {
  w: { fill: "#f8f6f1", line: "#1d1b19", mark: "#1d1b19" },
  b: { fill: "#2a2724", line: "#0d0c0b", mark: "#f1ede6" },
};

const drawers: Record<PieceSetId, (role: Role, ink: Ink, color: Color) => string> = {
  neo,
  staunton,
  geometric,
  pixel,
  letters,
  outline,
};

/** The drawing of one piece of one set. */
export function drawPiece(set: PieceSetId, code: PieceCode): string {
  const color = code[0] === "w" ? "w" : "b";
  const role = roles.find((candidate) => candidate === code[1]);
  if (!role) throw new Error(`no role in ${code}`);
  return drawers[set](role, inks[color], color);
}

const main = (): void => {
  for (const set of pieceSetIds) {
    const directory = join("public", "pieces", set);
    mkdirSync(directory, { recursive: true });
    for (const code of pieceCodes) writeFileSync(join(directory, `${code}.svg`), drawPiece(set, code));
  }
  console.log(`wrote ${pieceSetIds.length} sets of ${pieceCodes.length} pieces to public/pieces/`);
};

if (process.argv[1]?.endsWith("draw-piece-sets.ts")) main();
