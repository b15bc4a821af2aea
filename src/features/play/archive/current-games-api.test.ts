import { parseGame } from "@mliebelt/pgn-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { localChessWebApi, type ChessWebApiResponse } from "../../../test/chess-web-api-client.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import type { GameTerms } from "../play.schema.ts";
import { archiveFixture, blitz } from "./archive.test-kit.server.ts";

interface CurrentGame {
  readonly url: string;
  readonly move_by: number;
  readonly pgn: string;
  readonly time_control: string;
  readonly last_activity: number;
  readonly rated: boolean;
  readonly turn: string;
  readonly fen: string;
  readonly start_time: number;
  readonly time_class: string;
  readonly rules: string;
  readonly white: string;
  readonly black: string;
}
interface ToMoveGame {
  readonly url: string;
  readonly move_by: number;
  readonly draw_offer?: boolean;
  readonly last_activity: number;
}
interface ChessWebApiClient {
  getPlayerCurrentDailyChess(username: string): Promise<ChessWebApiResponse<{ games: CurrentGame[] }>>;
  getPlayerToMoveDailyChess(username: string): Promise<ChessWebApiResponse<{ games: ToMoveGame[] }>>;
}

const daily = (daysPerMove: 1 | 3): GameTerms => ({ rules: "standard", control: { kind: "daily", daysPerMove }, rated: true, color: "white" });
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const DAY = 86_400;

/** The public API's current daily games (issue 21 item 10), read back with the chess-web-api client. */
for (const target of databaseTargets()) {
  describe(`a player's current daily games in the public API on ${target.name}`, () => {
    const suite = appForSuite(target, {});
    const ids: Record<string, number> = {};
    // Dated from now: the app's sweeper (real time) must find no deadline passed.
    const start = new Date(Date.now() - 3_600_000).toISOString();

    beforeAll(async () => {
      const kit = archiveFixture(suite.current.kingside.database.db);
      const ann = await kit.member("Cur_Ann");
      const ben = await kit.member("cur_ben");
      // Ann moved first in a 3-day game: Ben to move. Ben moved in a 1-day game and Ann offered a draw: Ben to move, with the offer.
      ids.annWhite = await kit.game({ white: ann, black: ben, terms: daily(3), at: start, moves: ["e2e4"] });
      ids.benWhite = await kit.game({ white: ben, black: ann, terms: daily(1), at: start, moves: ["d2d4", "d7d5"], then: [[ann, "draw.offer"]] });
      // Neither a live game in play nor a finished daily game is listed.
      await kit.game({ white: ann, black: ben, terms: blitz, at: start, moves: ["e2e4"] });
      await kit.game({ white: ann, black: ben, terms: daily(3), at: start, moves: ["e2e4", "e7e5"], then: [[ben, "resign"]] });
    }, 120_000);

    it("lists the daily games in play with their deadline, turn, position and PGN, in the widely used shape", async () => {
      const client = localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);
      const answer = await client.getPlayerCurrentDailyChess("cur_ann");
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      const games = answer.body.games;
      // The nearest deadline first: the 1-day game.
      expect(games.map((game) => Number(game.url.split("/").pop()))).toEqual([ids.benWhite, ids.annWhite]);
      const [oneDay, threeDays] = games;
      expect(threeDays).toMatchObject({ time_control: `1/${3 * DAY}`, time_class: "daily", rules: "chess", rated: true, turn: "black" });
      expect(threeDays?.url).toMatch(new RegExp(`/game/${ids.annWhite}$`));
      expect(threeDays?.white).toMatch(/\/pub\/player\/cur_ann$/);
      expect(threeDays?.black).toMatch(/\/pub\/player\/cur_ben$/);
      expect(threeDays?.fen).toBe("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
      expect(threeDays?.start_time).toBe(seconds(start));
      // The fixture plays a move a second after the start: Ben's 3 days run from White's move.
      expect(threeDays?.last_activity).toBe(seconds(start) + 1);
      expect(threeDays?.move_by).toBe(seconds(start) + 1 + 3 * DAY);
      expect(oneDay).toMatchObject({ time_control: `1/${DAY}`, turn: "white", move_by: seconds(start) + 2 + DAY, last_activity: seconds(start) + 2 });
      const pgn = parseGame(threeDays?.pgn ?? "");
      expect(pgn.moves.map((move) => move.notation.notation)).toEqual(["e4"]);
      expect(pgn.tags?.Result).toBe("*");
    });

    it("lists the games where it is the member's move, with the opponent's draw offer", async () => {
      const client = localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);
      const ben = await client.getPlayerToMoveDailyChess("cur_ben");
      expect(ben.statusCode).toBe(200);
      expect(ben.body.games).toEqual([
        { url: expect.stringMatching(new RegExp(`/game/${ids.benWhite}$`)), move_by: seconds(start) + 2 + DAY, draw_offer: true, last_activity: seconds(start) + 2 },
        { url: expect.stringMatching(new RegExp(`/game/${ids.annWhite}$`)), move_by: seconds(start) + 1 + 3 * DAY, last_activity: seconds(start) + 1 },
      ]);
      // Ann waits in both: nothing to move, and her own offer is no offer to her.
      expect((await client.getPlayerToMoveDailyChess("Cur_Ann")).body.games).toEqual([]);
    });

    it("answers a member with no daily game an empty list, and an unknown member the public API's 404", async () => {
      const client = localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);
      const kit = archiveFixture(suite.current.kingside.database.db);
      await kit.member("cur_idle");
      expect((await client.getPlayerCurrentDailyChess("cur_idle")).body).toEqual({ games: [] });
      await expect(client.getPlayerCurrentDailyChess("no_such_member")).rejects.toMatchObject({ statusCode: 404 });
      for (const path of ["/pub/player/no_such_member/games", "/pub/player/no_such_member/games/to-move", "/pub/player/bad.name/games"]) {
        const raw = await fetch(`${suite.current.baseUrl}${path}`);
        expect(raw.status).toBe(404);
        expect(await raw.json()).toMatchObject({ code: "not_found" });
      }
    });
  });
}
