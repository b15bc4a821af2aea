import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";

/** What the engine said about a position: its move and its score for the side to move. */
export interface EngineAnswer {
  readonly bestMove: string;
  /** Centipawns for the side to move; a mate in n is ±(100,000 − n). */
  readonly score: number;
}

const MATE = 100_000;

/** The stockfish npm package's single-threaded lite build, or a message saying how to get it (it is not a dependency: 200 MB for a script run once). */
function enginePath(): string {
  const require = createRequire(import.meta.url);
  let root: string;
  try {
    root = dirname(require.resolve("stockfish/package.json"));
  } catch {
    throw new Error("The stockfish package is not installed: run `npm install --no-save stockfish@19.0.0` first (it is not a dependency of the site).");
  }
  const path = join(root, "bin", "stockfish-19-lite-single.js");
  if (!existsSync(path)) throw new Error(`No ${path}: this script expects stockfish@19.0.0.`);
  return path;
}

/** A UCI engine in its own node process, one search at a time. */
export function startEngine() {
  const child = spawn(process.execPath, [enginePath()], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  let waiting: ((line: string) => void) | undefined;
  lines.on("line", (line) => waiting?.(line));
  const send = (command: string) => child.stdin.write(`${command}\n`);
  const until = (done: (line: string) => boolean, onLine: (line: string) => void = () => undefined) =>
    new Promise<string>((resolve) => {
      waiting = (line) => {
        onLine(line);
        if (done(line)) {
          waiting = undefined;
          resolve(line);
        }
      };
    });

  return {
    async ready(options: Readonly<Record<string, string | number | boolean>>): Promise<void> {
      send("uci");
      await until((line) => line === "uciok");
      for (const [name, value] of Object.entries(options)) send(`setoption name ${name} value ${String(value)}`);
      send("isready");
      await until((line) => line === "readyok");
    },
    async newGame(chess960: boolean): Promise<void> {
      send(`setoption name UCI_Chess960 value ${chess960}`);
      send("ucinewgame");
      send("isready");
      await until((line) => line === "readyok");
    },
    /** The engine's move at `skill` (0–20) after `moves` from `fen`, searching `nodes` nodes. */
    async think(fen: string, moves: readonly string[], skill: number, nodes: number): Promise<EngineAnswer> {
      send(`setoption name Skill Level value ${skill}`);
      send(`position fen ${fen}${moves.length > 0 ? ` moves ${moves.join(" ")}` : ""}`);
      let score = 0;
      send(`go nodes ${nodes}`);
      const last = await until(
        (line) => line.startsWith("bestmove"),
        (line) => {
          const cp = / score cp (-?\d+)/.exec(line);
          const mate = / score mate (-?\d+)/.exec(line);
          if (cp?.[1]) score = Number(cp[1]);
          else if (mate?.[1]) score = Number(mate[1]) > 0 ? MATE - Number(mate[1]) : -MATE - Number(mate[1]);
        },
      );
      return { bestMove: last.split(" ")[1] ?? "(none)", score };
    },
    stop(): void {
      send("quit");
      child.stdin.end();
    },
  };
}
