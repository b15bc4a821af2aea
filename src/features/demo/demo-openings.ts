/**
 * The opening table the demo lines start from: common openings as people play
 * them at every level, in UCI, with how often each is picked. Our own short
 * list (the names and moves are chess facts); the engine plays on from the
 * last move, so two games of one opening part soon after.
 */
export interface DemoOpening {
  readonly name: string;
  readonly moves: readonly string[];
  readonly weight: number;
}

export const demoOpenings: readonly DemoOpening[] = [
  { name: "Italian Game", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"], weight: 8 },
  { name: "Two Knights Defence", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"], weight: 4 },
  { name: "Ruy Lopez", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"], weight: 7 },
  { name: "Ruy Lopez, Berlin", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6"], weight: 2 },
  { name: "Scotch Game", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e5d4", "f3d4"], weight: 3 },
  { name: "Petrov Defence", moves: ["e2e4", "e7e5", "g1f3", "g8f6"], weight: 2 },
  { name: "King's Gambit", moves: ["e2e4", "e7e5", "f2f4", "e5f4"], weight: 1 },
  { name: "Vienna Game", moves: ["e2e4", "e7e5", "b1c3", "g8f6"], weight: 2 },
  { name: "Philidor Defence", moves: ["e2e4", "e7e5", "g1f3", "d7d6"], weight: 2 },
  { name: "Sicilian, Najdorf", moves: ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6"], weight: 5 },
  { name: "Sicilian, Dragon", moves: ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "g7g6"], weight: 2 },
  { name: "Sicilian, Alapin", moves: ["e2e4", "c7c5", "c2c3"], weight: 3 },
  { name: "Sicilian, Open with Nc6", moves: ["e2e4", "c7c5", "g1f3", "b8c6", "d2d4", "c5d4", "f3d4"], weight: 3 },
  { name: "Sicilian, Closed", moves: ["e2e4", "c7c5", "b1c3", "b8c6", "g2g3"], weight: 2 },
  { name: "French Defence", moves: ["e2e4", "e7e6", "d2d4", "d7d5", "b1c3", "g8f6"], weight: 4 },
  { name: "French, Advance", moves: ["e2e4", "e7e6", "d2d4", "d7d5", "e4e5", "c7c5"], weight: 2 },
  { name: "Caro-Kann Defence", moves: ["e2e4", "c7c6", "d2d4", "d7d5", "b1c3", "d5e4", "c3e4"], weight: 4 },
  { name: "Scandinavian Defence", moves: ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"], weight: 3 },
  { name: "Pirc Defence", moves: ["e2e4", "d7d6", "d2d4", "g8f6", "b1c3", "g7g6"], weight: 2 },
  { name: "Alekhine Defence", moves: ["e2e4", "g8f6", "e4e5", "f6d5"], weight: 1 },
  { name: "Modern Defence", moves: ["e2e4", "g7g6", "d2d4", "f8g7"], weight: 1 },
  { name: "Queen's Gambit Declined", moves: ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"], weight: 5 },
  { name: "Queen's Gambit Accepted", moves: ["d2d4", "d7d5", "c2c4", "d5c4"], weight: 2 },
  { name: "Slav Defence", moves: ["d2d4", "d7d5", "c2c4", "c7c6", "g1f3", "g8f6"], weight: 3 },
  { name: "London System", moves: ["d2d4", "d7d5", "c1f4", "g8f6", "e2e3"], weight: 5 },
  { name: "King's Indian Defence", moves: ["d2d4", "g8f6", "c2c4", "g7g6", "b1c3", "f8g7", "e2e4", "d7d6"], weight: 4 },
  { name: "Nimzo-Indian Defence", moves: ["d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4"], weight: 3 },
  { name: "Queen's Indian Defence", moves: ["d2d4", "g8f6", "c2c4", "e7e6", "g1f3", "b7b6"], weight: 2 },
  { name: "Grünfeld Defence", moves: ["d2d4", "g8f6", "c2c4", "g7g6", "b1c3", "d7d5"], weight: 2 },
  { name: "Dutch Defence", moves: ["d2d4", "f7f5", "g2g3", "g8f6"], weight: 1 },
  { name: "Benoni Defence", moves: ["d2d4", "g8f6", "c2c4", "c7c5", "d4d5", "e7e6"], weight: 1 },
  { name: "English Opening", moves: ["c2c4", "e7e5", "b1c3", "g8f6"], weight: 4 },
  { name: "English, Symmetrical", moves: ["c2c4", "c7c5", "g1f3", "b8c6"], weight: 2 },
  { name: "Réti Opening", moves: ["g1f3", "d7d5", "c2c4"], weight: 2 },
  { name: "King's Indian Attack", moves: ["g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7"], weight: 1 },
  { name: "Bird Opening", moves: ["f2f4", "d7d5", "g1f3"], weight: 1 },
  { name: "Four Knights Game", moves: ["e2e4", "e7e5", "g1f3", "b8c6", "b1c3", "g8f6"], weight: 3 },
  { name: "Colle System", moves: ["d2d4", "d7d5", "g1f3", "g8f6", "e2e3", "e7e6"], weight: 2 },
  { name: "Catalan Opening", moves: ["d2d4", "g8f6", "c2c4", "e7e6", "g2g3", "d7d5"], weight: 2 },
  { name: "Scholar's try", moves: ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g7g6"], weight: 1 },
];
