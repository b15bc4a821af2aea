import type { BackgroundId, BoardStyleId, PieceSetId, SoundSetId } from "./theme-catalogue.ts";

/**
 * The message id of each choice's name, written out: a page is sent the
 * messages its modules name literally (decision 0029).
 */
export const boardStyleNameIds: Readonly<Record<BoardStyleId, string>> = {
  green: "themes.board.green",
  brown: "themes.board.brown",
  blue: "themes.board.blue",
  walnut: "themes.board.walnut",
  slate: "themes.board.slate",
  coral: "themes.board.coral",
  purple: "themes.board.purple",
  ice: "themes.board.ice",
  night: "themes.board.night",
};

export const pieceSetNameIds: Readonly<Record<PieceSetId, string>> = {
  neo: "themes.pieces.neo",
  staunton: "themes.pieces.staunton",
  geometric: "themes.pieces.geometric",
  pixel: "themes.pieces.pixel",
  letters: "themes.pieces.letters",
  outline: "themes.pieces.outline",
};

export const soundSetNameIds: Readonly<Record<SoundSetId, string>> = {
  default: "themes.sounds.default",
  marimba: "themes.sounds.marimba",
  arcade: "themes.sounds.arcade",
};

export const backgroundNameIds: Readonly<Record<BackgroundId, string>> = {
  plain: "themes.background.plain",
  felt: "themes.background.felt",
  dusk: "themes.background.dusk",
  checkers: "themes.background.checkers",
  sea: "themes.background.sea",
};
