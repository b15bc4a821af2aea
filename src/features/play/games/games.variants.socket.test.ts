import { and, eq, inArray } from "drizzle-orm";
import { parsePgn, startingPosition } from "chessops/pgn";
import { parseSan } from "chessops/san";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { openSocket, signIn } from "../../presence/presence.test-kit.server.ts";
import { ratings } from "../../ratings/ratings.tables.server.ts";
import { gameRoom } from "../play.events.ts";
import type { ChallengeView, GameMoveEvent, GameView } from "../play.schema.ts";
import { games } from "../play.tables.server.ts";
import { command, join, nextEvent, valueOf } from "../play.socket-kit.server.ts";

/** 1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4: white's king reaches the hill. */
const kingToTheHill = ["e2e3", "e7e6", "e1e2", "e8e7", "e2d3", "e7d6", "d3d4"];
/** 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ d5 5. Bxd5+: white's third check. */
const threeChecks = ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7", "e8f7", "f1c4", "d7d5", "c4d5"];
/** Crazyhouse: 1. e4 d5 2. exd5 Qxd5 3. Qf3 Qxf3 4. Na3, and black drops the queen it took: Q@d1 mates. */
const crazyhouseOpening = ["e2e4", "d7d5", "e4d5", "d8d5", "d1f3", "d5f3", "b1a3"];

/**
 * King of the hill and three-check through the real server (issue 24 items 1
 * and 6): a challenge in the variant, its moves as socket commands, the
 * variant's own end with its reason, the variant's own rating, and the public
 * archive's PGN and rules value, which chessops reads back.
 */
describe.each(databaseTargets())("king of the hill and three-check on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  const sockets: TestSocket[] = [];

  beforeAll(() => {
    app = suite.current;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function player(username: string): Promise<TestSocket> {
    const member = await signIn(app, username);
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    return socket;
  }

  const termsOf = (rules: string, rated = true) => ({ rules, control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated, color: "white" });

  async function game(white: TestSocket, black: TestSocket, blackName: string, rules: string, rated = true) {
    const challenge = valueOf<ChallengeView>(await command(white, "challenge.create", { opponent: blackName, terms: termsOf(rules, rated) }));
    expect(challenge.terms.rules).toBe(rules);
    const { gameId } = valueOf<{ gameId: number }>(await command(black, "challenge.accept", { id: challenge.id }));
    await join(white, gameRoom(gameId));
    await join(black, gameRoom(gameId));
    return gameId;
  }

  /** Plays the moves in turn; answers the move event the opponent heard of the last one. */
  async function play(white: TestSocket, black: TestSocket, gameId: number, ucis: readonly string[]): Promise<GameMoveEvent> {
    const startPly = (await snapshot(white, gameId)).ply;
    for (const [index, uci] of ucis.entries()) {
      const ply = startPly + index;
      valueOf(await command(ply % 2 === 0 ? white : black, "game.move", { gameId, ply, uci }));
    }
    const lastPly = startPly + ucis.length - 1;
    const listener = lastPly % 2 === 0 ? black : white;
    for (;;) {
      const event = (await nextEvent(listener, "game.move")) as GameMoveEvent;
      if (event.uci === ucis.at(-1) && event.ply >= lastPly) return event;
    }
  }

  const snapshot = async (socket: TestSocket, gameId: number) => valueOf<GameView>(await command(socket, "game.snapshot", { gameId }));

  async function ratingsOf(usernames: readonly string[]) {
    const db = app.kingside.database.db;
    const rows = await db
      .select({ username: users.username, type: ratings.ratingType, games: ratings.games })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.memberId))
      .where(inArray(users.username, [...usernames]));
    return rows;
  }

  async function publicMonth(username: string) {
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const reply = await app.kingside.app.inject({ url: `/pub/player/${username}/games/${month}`, headers: { host: "kingside.test" } });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ games: { url: string; pgn: string; rules: string }[] }>().games;
  }

  /** The PGN as chessops reads it: its variant, and every move replayed under that variant's rules to the final position. */
  function replayed(pgn: string) {
    const [parsed] = parsePgn(pgn);
    if (!parsed) throw new Error("no game in the PGN");
    const start = startingPosition(parsed.headers);
    if (start.isErr) throw start.error;
    const position = start.value;
    for (const node of parsed.moves.mainline()) {
      const move = parseSan(position, node.san);
      if (!move) throw new Error(`illegal ${node.san}`);
      position.play(move);
    }
    return { variant: parsed.headers.get("Variant"), rules: position.rules, outcome: position.outcome(), result: parsed.headers.get("Result") };
  }

  it("ends a king-of-the-hill game when a king reaches the centre, rates it as king of the hill, and archives it with its Variant tag and rules value", async () => {
    const white = await player("alice");
    const black = await player("bob");
    const before = await ratingsOf(["alice", "bob"]);
    const gameId = await game(white, black, "bob", "kingOfTheHill");
    const [row] = await app.kingside.database.db.select({ ratingType: games.ratingType, rules: games.rules }).from(games).where(eq(games.id, gameId));
    expect(row).toEqual({ ratingType: "livekoth", rules: "kingOfTheHill" });

    // Before the hill, the game goes on: a king on d3 has not won.
    const last = await play(white, black, gameId, kingToTheHill);
    expect(last.ending).toMatchObject({ result: "1-0", reason: "king-of-the-hill" });
    const view = await snapshot(black, gameId);
    expect(view).toMatchObject({ rules: "kingOfTheHill", status: "ended", ending: { result: "1-0", reason: "king-of-the-hill" } });
    expect(await command(black, "game.move", { gameId, ply: 7, uci: "d6c6" })).toEqual({ ok: false, code: expect.any(String) });

    // The ratings of king of the hill changed; no other type did.
    const after = await ratingsOf(["alice", "bob"]);
    const gamesOf = (rows: typeof after, username: string, type: string) => rows.find((r) => r.username === username && r.type === type)?.games ?? 0;
    expect(gamesOf(after, "alice", "livekoth")).toBe(gamesOf(before, "alice", "livekoth") + 1);
    expect(gamesOf(after, "bob", "livekoth")).toBe(gamesOf(before, "bob", "livekoth") + 1);
    for (const type of ["blitz", "rapid", "bullet", "live3check", "livezh"]) expect(gamesOf(after, "alice", type)).toBe(gamesOf(before, "alice", type));

    const archived = (await publicMonth("alice")).find((entry) => entry.url.endsWith(`/${gameId}`));
    expect(archived?.rules).toBe("kingofthehill");
    expect(archived?.pgn).toContain('[Variant "King of the Hill"]');
    expect(archived?.pgn).toContain('[Termination "alice won - king in the centre"]');
    expect(replayed(archived?.pgn ?? "")).toEqual({ variant: "King of the Hill", rules: "kingofthehill", outcome: { winner: "white" }, result: "1-0" });
  });

  it("ends a three-check game on the third check, with the checks in its FEN, and archives it so chessops replays it to the same end", async () => {
    const white = await player("alice");
    const black = await player("bob");
    const gameId = await game(white, black, "bob", "threeCheck", false);
    const afterTwo = await play(white, black, gameId, threeChecks.slice(0, 7));
    expect(afterTwo.ending).toBeNull();
    expect(afterTwo.fen.split(" ")[4]).toBe("1+3");
    const last = await play(white, black, gameId, threeChecks.slice(7));
    expect(last.ending).toMatchObject({ result: "1-0", reason: "three-checks" });
    expect(await snapshot(white, gameId)).toMatchObject({ rules: "threeCheck", status: "ended", ending: { reason: "three-checks" }, rated: false });

    const archived = (await publicMonth("bob")).find((entry) => entry.url.endsWith(`/${gameId}`));
    expect(archived?.rules).toBe("threecheck");
    expect(replayed(archived?.pgn ?? "")).toEqual({ variant: "Three-check", rules: "3check", outcome: { winner: "white" }, result: "1-0" });
  });

  it("plays crazyhouse: a capture fills the capturer's pocket, a drop empties it, illegal drops are refused, a drop mates; rated as crazyhouse and archived with its Variant tag", async () => {
    const white = await player("alice");
    const black = await player("bob");
    const before = await ratingsOf(["alice", "bob"]);
    const gameId = await game(white, black, "bob", "crazyhouse");
    const [row] = await app.kingside.database.db.select({ ratingType: games.ratingType, rules: games.rules }).from(games).where(eq(games.id, gameId));
    expect(row).toEqual({ ratingType: "livezh", rules: "crazyhouse" });

    // 2. exd5: white's pocket holds the pawn; black has nothing to drop yet.
    const afterCapture = await play(white, black, gameId, crazyhouseOpening.slice(0, 3));
    expect(afterCapture.fen.split(" ")[0]).toMatch(/\[P\]$/);
    for (const uci of ["P@e5", "N@f6"]) expect(await command(black, "game.move", { gameId, ply: 3, uci }), uci).toEqual({ ok: false, code: "move.illegal" });
    const afterBoth = await play(white, black, gameId, crazyhouseOpening.slice(3, 7));
    // Both pawns and white's queen taken: white holds P, black p and q.
    expect(afterBoth.fen.split(" ")[0]).toMatch(/\[(Ppq|Pqp)\]$/);
    // A pawn never drops on the first or last rank; a piece never onto an occupied square.
    for (const uci of ["P@d1", "Q@e1", "Q@b8"]) expect(await command(black, "game.move", { gameId, ply: 7, uci }), uci).toEqual({ ok: false, code: "move.illegal" });
    expect(await snapshot(black, gameId)).toMatchObject({ ply: 7, status: "playing" });

    const last = await play(white, black, gameId, ["Q@d1"]);
    expect(last).toMatchObject({ san: "Q@d1#", ending: { result: "0-1", reason: "checkmate" } });
    expect(last.fen.split(" ")[0]).toMatch(/\[Pp\]$/);

    const after = await ratingsOf(["alice", "bob"]);
    const gamesOf = (rows: typeof after, username: string, type: string) => rows.find((r) => r.username === username && r.type === type)?.games ?? 0;
    expect(gamesOf(after, "alice", "livezh")).toBe(gamesOf(before, "alice", "livezh") + 1);
    expect(gamesOf(after, "bob", "livezh")).toBe(gamesOf(before, "bob", "livezh") + 1);
    for (const type of ["blitz", "rapid", "bullet", "livekoth", "live3check"]) expect(gamesOf(after, "bob", type)).toBe(gamesOf(before, "bob", type));

    const archived = (await publicMonth("alice")).find((entry) => entry.url.endsWith(`/${gameId}`));
    expect(archived?.rules).toBe("crazyhouse");
    expect(archived?.pgn).toContain('[Variant "Crazyhouse"]');
    expect(archived?.pgn).toContain("Q@d1#");
    expect(replayed(archived?.pgn ?? "")).toEqual({ variant: "Crazyhouse", rules: "crazyhouse", outcome: { winner: "black" }, result: "0-1" });
  });

  it("starts daily crazyhouse games rated as daily crazyhouse, and casual ones unrated", async () => {
    const white = await player("alice");
    const black = await player("bob");
    const daily = { rules: "crazyhouse", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };
    const challenge = valueOf<ChallengeView>(await command(white, "challenge.create", { opponent: "bob", terms: daily }));
    const { gameId } = valueOf<{ gameId: number }>(await command(black, "challenge.accept", { id: challenge.id }));
    const casualSeek = valueOf<{ id: number }>(await command(white, "seek.create", { terms: { ...termsOf("crazyhouse", false), color: "random" } }));
    const casual = valueOf<{ gameId: number }>(await command(black, "seek.accept", { id: casualSeek.id }));
    const rows = await app.kingside.database.db.select({ id: games.id, ratingType: games.ratingType, rated: games.rated }).from(games).where(inArray(games.id, [gameId, casual.gameId]));
    expect(rows.find((r) => r.id === gameId)).toMatchObject({ ratingType: "dailyzh", rated: true });
    expect(rows.find((r) => r.id === casual.gameId)).toMatchObject({ rated: false });
    expect(await snapshot(black, casual.gameId)).toMatchObject({ rules: "crazyhouse", status: "playing", rated: false });
  });

  it("takes a seek in a variant to a game in that variant", async () => {
    const white = await player("alice");
    const black = await player("bob");
    const seek = valueOf<{ id: number }>(await command(white, "seek.create", { terms: { ...termsOf("threeCheck", false), color: "random" } }));
    const { gameId } = valueOf<{ gameId: number }>(await command(black, "seek.accept", { id: seek.id }));
    expect(await snapshot(black, gameId)).toMatchObject({ rules: "threeCheck", status: "playing" });
    const [row] = await app.kingside.database.db.select({ ratingType: games.ratingType }).from(games).where(and(eq(games.id, gameId)));
    expect(row?.ratingType).toBe("live3check");
  });

  it("refuses terms in rules that are not playable here or not known", async () => {
    const white = await player("alice");
    for (const rules of ["bughouse", "atomic", "KingOfTheHill", "Crazyhouse", 3]) {
      expect(await command(white, "challenge.create", { opponent: "bob", terms: termsOf(String(rules)) }), String(rules)).toEqual({ ok: false, code: "invalid_input" });
      expect(await command(white, "seek.create", { terms: termsOf(String(rules)) }), String(rules)).toEqual({ ok: false, code: "invalid_input" });
    }
  });
});
