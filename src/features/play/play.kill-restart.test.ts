import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { HttpSession } from "../../test/http-session.ts";
import { freePort, startServerProcess, type ServerProcess } from "../../test/server-process.ts";
import type { ClocksView, GameView } from "./play.schema.ts";

/**
 * Issue 9 §5, "nothing lost": the real server (src/server/main.ts) in a child
 * process, two players on WebSockets, SIGKILL mid-game, the same server
 * started again on the same database. Every acknowledged move is there, the
 * clock of the side to move was not charged the outage (decision 0022), a
 * move sent just before the kill and retried afterwards is applied once, and
 * the players reconnect and finish the game. Needs `npm run build`.
 */
const demoPassword = "kingside-demo";

/** Starts src/server/main.ts (through tsx's loader: the sources under test) and resolves once it serves. */
function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(["--import", "tsx", "src/server/main.ts"], { PORT: String(port), SEED_DEMO_DATA: "1", SEED_DEMO_GAMES: "50", ...env });
}

let nextRequest = 0;

/** Sends a command; `wait: false` leaves the answer unread (a move in flight when the server dies). */
function send(socket: TestSocket, name: string, input: unknown): string {
  const id = `k${(nextRequest += 1)}`;
  socket.send({ type: "command", data: { id, name, input } });
  return id;
}

async function command<T>(socket: TestSocket, name: string, input: unknown): Promise<T> {
  const answer = await socket.answerTo(send(socket, name, input), 20_000);
  if (answer.type !== "ack") throw new Error(`${name} refused: ${answer.data.code}`);
  return answer.data.result as T;
}

interface MoveAck {
  readonly ply: number;
  readonly clocks: ClocksView | null;
  readonly ending: { readonly result: string; readonly reason: string } | null;
}

for (const target of databaseTargets()) {
  describe(`kill and restart on ${target.name}`, () => {
    let port: number;
    let env: Record<string, string>;
    let cleanup: () => Promise<void>;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      port = await freePort();
      if (target.name === "postgres") {
        const created = await target.create();
        env = { DATABASE_URL: created.databaseUrl ?? "" };
        cleanup = created.drop;
      } else {
        // The embedded database in a data directory, as `npm start` keeps it.
        const dataDir = mkdtempSync(join(tmpdir(), "kingside-restart-"));
        env = { DATABASE_URL: "", DATA_DIR: dataDir };
        cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      }
    });

    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      await cleanup();
    });

    async function player(username: string): Promise<{ cookie: string }> {
      const session = new HttpSession(`http://127.0.0.1:${port}`);
      const response = await session.signIn(username, demoPassword);
      if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status}`);
      return { cookie: [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") };
    }

    async function socketOf(cookie: string): Promise<TestSocket> {
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
      await socket.next("hello");
      return socket;
    }

    it("keeps every acknowledged move, resumes the clock fairly, and the players finish the game", async () => {
      server = await startServer(port, env);
      const alice = await player("alice");
      const bob = await player("bob");
      let white = await socketOf(alice.cookie);
      let black = await socketOf(bob.cookie);

      const challenge = await command<{ id: number }>(white, "challenge.create", {
        opponent: "bob",
        terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: true, color: "white" },
      });
      const { gameId } = await command<{ gameId: number }>(black, "challenge.accept", { id: challenge.id });

      const acknowledged: string[] = [];
      let lastAck: MoveAck | undefined;
      let lastAckAt = 0;
      for (const [ply, uci] of ["e2e4", "e7e5", "f1c4", "b8c6"].entries()) {
        lastAck = await command<MoveAck>(ply % 2 === 0 ? white : black, "game.move", { gameId, ply, uci });
        lastAckAt = Date.now();
        expect(lastAck.ply).toBe(ply + 1);
        acknowledged.push(uci);
      }
      const whiteHad = lastAck?.clocks?.white ?? 0;
      expect(lastAck?.clocks?.running).toBe("white");

      // A move in flight, then the process dies without a word.
      send(white, "game.move", { gameId, ply: 4, uci: "d1h5" });
      server.child.kill("SIGKILL");
      const killedAt = Date.now();
      await server.exited;
      expect(await white.waitForClose(10_000)).toBe(1006);
      // Down for a while: longer than the test's own slack, so that charging the outage would show.
      await new Promise((resolve) => setTimeout(resolve, 5_000));

      server = await startServer(port, env);
      const readyAt = Date.now();
      const outageMs = readyAt - killedAt;
      white = await socketOf(alice.cookie);
      black = await socketOf(bob.cookie);
      const snapshotAt = Date.now();
      const snapshot = await command<GameView>(white, "game.snapshot", { gameId });
      expect(snapshot.moves.slice(0, acknowledged.length).map((move) => move.uci)).toEqual(acknowledged);
      expect(snapshot.status).toBe("playing");
      // Whether or not the move in flight committed, the side to move was charged at most what it spent before the kill.
      const mover = snapshot.ply % 2 === 0 ? "white" : "black";
      const moverHad = mover === "white" ? whiteHad : (lastAck?.clocks?.black ?? 0);
      const slack = killedAt - lastAckAt + (Date.now() - snapshotAt) + 1_500;
      expect(outageMs).toBeGreaterThan(slack);
      expect(snapshot.clocks?.[mover]).toBeGreaterThanOrEqual(moverHad - slack);

      // The client retries the move it never saw acknowledged: applied once either way.
      const retried = await command<MoveAck>(white, "game.move", { gameId, ply: 4, uci: "d1h5" });
      expect(retried.ply).toBe(5);
      expect((await command<MoveAck>(black, "game.move", { gameId, ply: 5, uci: "g8f6" })).ply).toBe(6);
      const mate = await command<MoveAck>(white, "game.move", { gameId, ply: 6, uci: "h5f7" });
      expect(mate.ending).toMatchObject({ result: "1-0", reason: "checkmate" });

      const final = await command<GameView>(black, "game.snapshot", { gameId });
      expect(final.moves.map((move) => move.san)).toEqual(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
      expect(final.status).toBe("ended");
      white.close();
      black.close();
    }, 400_000);
  });
}
