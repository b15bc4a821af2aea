/**
 * Writes src/features/demo/demo-lines.data.ts: the games the demo data is made
 * of, played once by Stockfish at varied strength from our opening table (or
 * a random Chess960 array), so the demo site's games look like chess. Run
 * again only to change them; the site never runs an engine.
 *
 *   npm install --no-save stockfish@19.0.0
 *   npx tsx scripts/generate-demo-lines.ts [--games 600] [--seed 7]
 *
 * How a game goes: both sides get a skill level (0–20, the engine's own
 * weakening) close to each other; the weaker a side, the fewer nodes it
 * searches. A side resigns when the engine has judged its position lost for a
 * few of its moves in a row (weaker players hope longer), the players agree a
 * draw in a long level ending, and everything else ends on the board (mate,
 * stalemate, repetition, fifty moves, no mating material). The resulting
 * mix is about that of online games: most decisive games resigned, about a
 * fifth mated, a few drawn.
 */
import { writeFileSync } from "node:fs";
import { randomScharnagl } from "../src/chess/chess960.ts";
import { playMove, positionOutcome, repetitionKey, startPosition, toFen, type RulesId, type RulesPosition } from "../src/chess/rules.ts";
import { encodeDemoLine, type DemoLine, type DemoLineEnding } from "../src/features/demo/demo-lines.ts";
import { Random } from "../src/server/seed/demo-random.ts";
import { startEngine } from "./demo-lines/engine.ts";
import { demoOpenings } from "../src/features/demo/demo-openings.ts";

const argument = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const gameCount = argument("games", 600);
const random = new Random(argument("seed", 7));
const output = "src/features/demo/demo-lines.data.ts";

/** A position the engine sees as lost by this much (centipawns, for the side to move) counts towards resigning. */
const LOST_CP = -650;
const MAX_PLIES = 240;

const engine = startEngine();
await engine.ready({ Hash: 16, Threads: 1 });

function play(position: RulesPosition, uci: string): { position: RulesPosition; uci: string } {
  const played = playMove(position, uci);
  if (!played.ok) throw new Error(`the engine's ${uci} is not legal in ${toFen(position)}`);
  return { position: played.value.position, uci: played.value.uci };
}

async function playLine(): Promise<DemoLine> {
  const rules: RulesId = random.chance(0.12) ? "chess960" : "standard";
  const scharnagl = rules === "chess960" ? randomScharnagl(() => random.float()) : 518;
  const start = startPosition(rules, { scharnagl });
  if (!start.ok) throw new Error("no start position");
  const whiteSkill = random.int(21);
  const blackSkill = Math.max(0, Math.min(20, whiteSkill + random.between(-3, 3)));
  const skillOf = (ply: number) => (ply % 2 === 0 ? whiteSkill : blackSkill);
  const initialFen = toFen(start.value.position);

  let position = start.value.position;
  const moves: string[] = [];
  const keys = [repetitionKey(position)];
  const apply = (uci: string) => {
    const next = play(position, uci);
    position = next.position;
    moves.push(next.uci);
    keys.push(repetitionKey(position));
  };
  if (rules === "standard") {
    const opening = random.weighted(demoOpenings.map((entry) => [entry, entry.weight] as const));
    // Weaker players leave the book earlier.
    const bookPlies = Math.min(opening.moves.length, 2 + Math.round((opening.moves.length - 2) * (0.4 + 0.6 * (Math.min(whiteSkill, blackSkill) / 20))));
    for (const uci of opening.moves.slice(0, bookPlies)) apply(uci);
  }

  await engine.newGame(rules === "chess960");
  const lostFor = { white: 0, black: 0 };
  let level = 0;
  let ending: DemoLineEnding = "agreement";
  for (;;) {
    if (positionOutcome(position, keys)) {
      ending = "position";
      break;
    }
    if (moves.length >= MAX_PLIES) break;
    const ply = moves.length;
    const skill = skillOf(ply);
    const answer = await engine.think(initialFen, moves, skill, 600 + skill * 250);
    const side = position.chess.turn;
    lostFor[side] = answer.score <= LOST_CP ? lostFor[side] + 1 : 0;
    level = Math.abs(answer.score) <= 40 ? level + 1 : 0;
    // Strong players resign a lost position; weak ones mostly play on to be mated (or to stalemate the winner).
    if (ply >= 24 && lostFor[side] >= 2 + Math.round((20 - skill) / 6) && random.chance(0.08 + 0.04 * skill)) {
      ending = "resignation";
      break;
    }
    if (ply >= 70 && level >= 12 && random.chance(0.12)) break;
    apply(answer.bestMove);
  }
  return { rules, scharnagl, whiteSkill, blackSkill, ending, moves };
}

const lines: string[] = [];
const started = Date.now();
for (let index = 0; index < gameCount; index++) {
  const line = await playLine();
  lines.push(encodeDemoLine(line));
  if ((index + 1) % 10 === 0) console.error(`${index + 1}/${gameCount} games, ${Math.round((Date.now() - started) / 1000)} s`);
}
engine.stop();

writeFileSync(
  output,
  [
    "// Generated by scripts/generate-demo-lines.ts (Stockfish 19 lite through the stockfish npm package): do not edit.",
    "// The demo games' moves in the compact form of demo-lines.ts, one game a line.",
    "export const demoLineTexts: readonly string[] = [",
    ...lines.map((line) => `  ${JSON.stringify(line)},`),
    "];",
    "",
  ].join("\n"),
);
console.error(`wrote ${lines.length} games to ${output}`);
