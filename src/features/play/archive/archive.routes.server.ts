import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../../platform/http/errors.ts";
import { generateLink } from "../../../platform/links/links.ts";
import { publicOriginsOf, publicUsernameOf, registerPublicApiRoutes, sendCacheable } from "../../members/public-api/public-api-scope.server.ts";
import { presentArchiveGame } from "./archive-api.presenter.ts";
import type { ArchivedGameRecord, ArchiveService } from "./archive.service.server.ts";
import { archivedGamePgn } from "./game-pgn.ts";
import { presentCurrentGame, presentToMoveGames } from "./current-games-api.presenter.ts";

/** A finished game never changes: its PGN may be kept a day. One in play changes with every move. */
const FINISHED_PGN_MAX_AGE_SECONDS = 86_400;

const gameIdSchema = z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number) });
/** YYYY and MM as the widely used API writes them: four digits, two digits (01–12). */
const monthSchema = z.object({
  year: z.string().regex(/^\d{4}$/).transform(Number),
  month: z.string().regex(/^(0[1-9]|1[0-2])$/).transform(Number),
});

/** The game page of a game: /game/live/{id} for live games, /game/{id} for daily ones. */
export function gamePagePath(game: { readonly id: number; readonly speed: "live" | "daily" }): string {
  return generateLink(game.speed === "live" ? "web_game_live" : "web_game", { id: String(game.id) });
}

const pad = (month: number): string => String(month).padStart(2, "0");
const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

function pgnOf(record: ArchivedGameRecord, site: string): string {
  return archivedGamePgn(record, site, `${site}${gamePagePath(record.game)}`);
}

/**
 * The archive's HTTP side: a game's PGN (GET /callback/game/{id}/pgn, a
 * download; spec 000 names no such call, docs/decisions/0020), and the public
 * API's monthly archives in the public API scope of the player endpoint:
 * /pub/player/{username}/games/archives, .../games/{YYYY}/{MM} and
 * .../games/{YYYY}/{MM}/pgn; and its daily games in play: .../games and
 * .../games/to-move (decision 0060).
 */
export async function registerArchiveRoutes(app: FastifyInstance, archive: ArchiveService): Promise<void> {
  app.get("/callback/game/:id/pgn", async (request, reply) => {
    const parsed = gameIdSchema.safeParse(request.params);
    if (!parsed.success) throw new AppError("not_found");
    const record = await archive.record(parsed.data.id);
    if (!record) throw new AppError("not_found");
    const pgn = pgnOf(record, request.siteOrigin);
    return reply
      .header("cache-control", record.status === "playing" ? "no-store" : `public, max-age=${FINISHED_PGN_MAX_AGE_SECONDS}`)
      .header("content-disposition", `attachment; filename="kingside_${record.game.id}.pgn"`)
      .type("application/x-chess-pgn; charset=utf-8")
      .send(pgn);
  });

  /** The member of the {username} parameter; 404 for unknown members and guests (no public profile). */
  async function memberOf(request: FastifyRequest): Promise<{ id: number; username: string }> {
    const member = await archive.memberByUsername(publicUsernameOf(request));
    if (!member || member.level === 0) throw new AppError("not_found");
    return member;
  }

  function monthOf(request: FastifyRequest): { year: number; month: number } {
    const parsed = monthSchema.safeParse(request.params);
    if (!parsed.success || parsed.data.year < 2000) throw new AppError("not_found");
    return parsed.data;
  }

  async function monthRecords(request: FastifyRequest) {
    const member = await memberOf(request);
    const { year, month } = monthOf(request);
    const records = await archive.month(member.id, year, month);
    const lastModified = records.length > 0 ? Math.max(...records.map((record) => seconds(record.game.endedAt))) : undefined;
    return { member, year, month, records, lastModified };
  }

  const archivesHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const member = await memberOf(request);
    const origins = publicOriginsOf(request);
    const months = await archive.months(member.id);
    const base = `${origins.api}/player/${member.username.toLowerCase()}/games`;
    const body = JSON.stringify({ archives: months.map(([year, month]) => `${base}/${year}/${pad(month)}`) });
    return sendCacheable(request, reply, { body });
  };

  const monthHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { records, lastModified } = await monthRecords(request);
    const origins = publicOriginsOf(request);
    const games = records.map((record) =>
      presentArchiveGame(record, {
        gameUrl: `${origins.site}${gamePagePath(record.game)}`,
        playerUrl: (username) => `${origins.api}/player/${username.toLowerCase()}`,
        pgn: pgnOf(record, origins.site),
      }),
    );
    return sendCacheable(request, reply, { body: JSON.stringify({ games }), lastModified });
  };

  const monthPgnHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { member, year, month, records, lastModified } = await monthRecords(request);
    const origins = publicOriginsOf(request);
    // The PGN export format: games one after the other, each followed by an empty line.
    const body = records.map((record) => pgnOf(record, origins.site)).join("\n");
    return sendCacheable(request, reply, {
      body,
      lastModified,
      contentType: "application/x-chess-pgn; charset=utf-8",
      headers: { "content-disposition": `attachment; filename="kingside_${member.username.toLowerCase()}_${year}${pad(month)}.pgn"` },
    });
  };

  /** The member's daily games in play; the newest move dates the answer. */
  async function currentRecords(request: FastifyRequest) {
    const member = await memberOf(request);
    const records = await archive.dailyInProgress(member.id);
    const lastModified = records.length > 0 ? Math.max(...records.map((record) => Math.floor(record.lastActivityAt.getTime() / 1000))) : undefined;
    return { member, records, lastModified, origins: publicOriginsOf(request) };
  }

  const currentHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { records, lastModified, origins } = await currentRecords(request);
    const games = records.map((record) =>
      presentCurrentGame(record, {
        gameUrl: (current) => `${origins.site}${gamePagePath(current.game)}`,
        playerUrl: (username) => `${origins.api}/player/${username.toLowerCase()}`,
        pgn: (current) => pgnOf(current, origins.site),
      }),
    );
    return sendCacheable(request, reply, { body: JSON.stringify({ games }), lastModified });
  };

  const toMoveHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { member, records, lastModified, origins } = await currentRecords(request);
    const games = presentToMoveGames(records, member.username, (current) => `${origins.site}${gamePagePath(current.game)}`);
    return sendCacheable(request, reply, { body: JSON.stringify({ games }), lastModified });
  };

  await registerPublicApiRoutes(app, {}, [
    { url: "/pub/player/:username/games", handler: currentHandler },
    { url: "/pub/player/:username/games/to-move", handler: toMoveHandler },
    { url: "/pub/player/:username/games/archives", handler: archivesHandler },
    { url: "/pub/player/:username/games/:year/:month", handler: monthHandler },
    { url: "/pub/player/:username/games/:year/:month/pgn", handler: monthPgnHandler },
  ]);
}
