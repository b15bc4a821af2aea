import { backgroundOf, boardStyleOf, pieceImageUrl, soundUrl, type PieceCode, type PieceSetId, type SoundEvent, type SoundFormat, type SoundSetId, type ThemeSelection } from "./theme-catalogue.ts";
import { backgroundNameIds, boardStyleNameIds, pieceSetNameIds, soundSetNameIds } from "./theme-names.ts";
import type { ActiveThemeView } from "./themes.schema.ts";
import { boardImageUrl, themeStylesheetUrl } from "./theme-stylesheet.server.ts";

/** The active theme's assets (spec 001 §3.6), names in the asker's language (`nameOf` translates a message id). */
export function presentActiveTheme(selection: ThemeSelection, nameOf: (messageId: string) => string): ActiveThemeView {
  const style = boardStyleOf(selection.boardStyleId);
  return {
    selection,
    stylesheetUrl: themeStylesheetUrl(selection),
    perspective: 1,
    boardStyle: {
      id: style.id,
      name: nameOf(boardStyleNameIds[style.id]),
      image: boardImageUrl(style.id),
      lightSquare: style.light,
      darkSquare: style.dark,
      highlight: style.highlight,
      coordinateColors: { light: style.coordinateOnLight, dark: style.coordinateOnDark },
      image3d: null,
      coordinatesImage: null,
    },
    pieceSet: {
      id: selection.pieceSetId,
      name: nameOf(pieceSetNameIds[selection.pieceSetId]),
      pieces: piecesOf(selection.pieceSetId),
    },
    soundSet: {
      id: selection.soundSetId,
      name: nameOf(soundSetNameIds[selection.soundSetId]),
      sounds: soundsOf(selection.soundSetId),
    },
    background: { id: backgroundOf(selection.backgroundId).id, name: nameOf(backgroundNameIds[selection.backgroundId]) },
  };
}

/** The twelve piece images of a set, written out so that the type checker holds the list complete. */
function piecesOf(set: PieceSetId): Record<PieceCode, string> {
  const at = (code: PieceCode) => pieceImageUrl(set, code);
  return { wk: at("wk"), wq: at("wq"), wr: at("wr"), wb: at("wb"), wn: at("wn"), wp: at("wp"), bk: at("bk"), bq: at("bq"), br: at("br"), bb: at("bb"), bn: at("bn"), bp: at("bp") };
}

/** Every event's sound in every format. */
function soundsOf(set: SoundSetId): Record<SoundEvent, Record<SoundFormat, string>> {
  const at = (event: SoundEvent) => ({ webm: soundUrl(set, event, "webm"), ogg: soundUrl(set, event, "ogg"), mp3: soundUrl(set, event, "mp3"), wav: soundUrl(set, event, "wav") });
  return {
    "game-start": at("game-start"),
    "move-self": at("move-self"),
    "move-opponent": at("move-opponent"),
    capture: at("capture"),
    castle: at("castle"),
    "move-check": at("move-check"),
    promote: at("promote"),
    premove: at("premove"),
    illegal: at("illegal"),
    tenseconds: at("tenseconds"),
    "game-end": at("game-end"),
    notify: at("notify"),
  };
}
