/**
 * The team-match public API (issue 25 item 8, decision 0076), in the shape
 * public-API clients read (chess-web-api's getClubMatches, getTeamMatch,
 * getTeamMatchBoard, getPlayerMatches), with the player endpoint's scope:
 * CORS, ETag, max-age, in-flight and per-minute limits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../../platform/http/errors.ts";
import { generateLink } from "../../../platform/links/links.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { ClubAccess } from "../../clubs/club-access.service.server.ts";
import { publicOriginsOf, publicUsernameOf, registerPublicApiRoutes, sendCacheable } from "../../members/public-api/public-api-scope.server.ts";
import type { PublicOrigins } from "../../members/public-api/public-api.schema.ts";
import type { BoardView, TeamMatchView, TermsView } from "../team-matches.schema.ts";
import type { TeamMatchesService } from "../team-matches.service.server.ts";

const urlIdSchema = z.object({ urlId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const matchParamsSchema = z.object({ id: z.string().regex(/^\d{1,10}$/).transform(Number), board: z.string().regex(/^\d{1,4}$/).transform(Number).optional() });

const seconds = (iso: string | null): number | undefined => (iso === null ? undefined : Math.floor(Date.parse(iso) / 1000));
const matchApiUrl = (origins: PublicOrigins, id: number) => `${origins.api}/match/${id}`;
const clubApiUrl = (origins: PublicOrigins, url: string) => `${origins.api}/club/${url}`;
const playerApiUrl = (origins: PublicOrigins, username: string) => `${origins.api}/player/${username.toLowerCase()}`;
const matchSiteUrl = (origins: PublicOrigins, id: number) => `${origins.site}${generateLink("web_club_match", { match: String(id) })}`;

/** "1/259200" for three days a move; "600+5" (or "600") for a live match. */
export function timeControlOf(terms: Pick<TermsView, "kind" | "daysPerMove" | "baseSeconds" | "incrementSeconds">): string {
  if (terms.kind === "daily") return `1/${(terms.daysPerMove ?? 1) * 86_400}`;
  return terms.incrementSeconds ? `${terms.baseSeconds ?? 0}+${terms.incrementSeconds}` : String(terms.baseSeconds ?? 0);
}

/** A side's outcome of one game in the API's words: the winner "win", the other by how it ended. */
export function gameResultWord(points: number, reason: string | null): string {
  if (points === 1) return "win";
  if (points === 0.5) {
    if (reason === "stalemate" || reason === "repetition" || reason === "insufficient") return reason;
    return reason === "timeout" ? "timevsinsufficient" : "agreed";
  }
  switch (reason) {
    case "resignation":
      return "resigned";
    case "checkmate":
      return "checkmated";
    case "timeout":
      return "timeout";
    case "abandonment":
      return "abandoned";
    default:
      return "lose";
  }
}

const outcomeOf = (own: number, other: number): "win" | "lose" | "draw" => (own > other ? "win" : own < other ? "lose" : "draw");
const apiStatus = (status: TeamMatchView["status"]): string => (status === "starting" ? "in_progress" : status === "cancelled" ? "finished" : status);

export interface PublicTeamMatchSources {
  readonly matches: TeamMatchesService;
  readonly clubAccess: Pick<ClubAccess, "findClub" | "clubsByIds">;
  readonly directory: Pick<MemberDirectory, "memberByUsername">;
}

export async function registerPublicTeamMatchApi(app: FastifyInstance, { matches, clubAccess, directory }: PublicTeamMatchSources): Promise<void> {
  async function matchOf(request: FastifyRequest): Promise<{ match: TeamMatchView; board: number | undefined }> {
    const params = matchParamsSchema.safeParse(request.params);
    const match = params.success && params.data.id > 0 && params.data.id <= 2_147_483_647 ? await matches.view(params.data.id) : null;
    if (!match || !params.success) throw new AppError("not_found");
    return { match, board: params.data.board };
  }
  const lastChange = (match: TeamMatchView) => seconds(match.finishedAt ?? match.startedAt) ?? seconds(match.terms.startsAt);

  const clubMatchesHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const params = urlIdSchema.safeParse(request.params);
    const club = params.success ? await clubAccess.findClub(params.data.urlId) : null;
    if (!club) throw new AppError("not_found");
    const { matches: rows } = await matches.matchesOfClub(club.id, { statuses: ["registration", "starting", "in_progress", "finished"], limit: 1000, newestFirst: true });
    const opponents = await clubAccess.clubsByIds(rows.map((row) => (row.clubAId === club.id ? row.clubBId : row.clubAId)));
    const entry = (row: (typeof rows)[number]) => {
      const opponentId = row.clubAId === club.id ? row.clubBId : row.clubAId;
      return { name: row.name, "@id": matchApiUrl(origins, row.id), opponent: clubApiUrl(origins, opponents.get(opponentId)?.url ?? String(opponentId)), time_class: row.kind };
    };
    const body = {
      finished: rows
        .filter((row) => row.status === "finished")
        .map((row) => {
          const [own, other] = row.clubAId === club.id ? [row.scoreA2, row.scoreB2] : [row.scoreB2, row.scoreA2];
          return { ...entry(row), result: outcomeOf(own, other), start_time: Math.floor((row.startedAt ?? row.startsAt).getTime() / 1000) };
        }),
      in_progress: rows.filter((row) => row.status === "in_progress" || row.status === "starting").map((row) => ({ ...entry(row), start_time: Math.floor((row.startedAt ?? row.startsAt).getTime() / 1000) })),
      registered: rows.filter((row) => row.status === "registration").map(entry),
    };
    return sendCacheable(request, reply, { body: JSON.stringify(body) });
  };

  const matchHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const { match } = await matchOf(request);
    const team = (side: "a" | "b") => {
      const club = side === "a" ? match.clubA : match.clubB;
      const [own, other] = side === "a" ? [match.scoreA, match.scoreB] : [match.scoreB, match.scoreA];
      const paired = match.boards.flatMap((board) => {
        const player = side === "a" ? board.playerA : board.playerB;
        if (!player) return [];
        const asWhite = board.games.find((game) => game.aWhite === (side === "a"));
        const asBlack = board.games.find((game) => game.aWhite !== (side === "a"));
        const word = (game: BoardView["games"][number] | undefined) => (game && game.pointsA !== null && game.gameId !== null ? gameResultWord(side === "a" ? game.pointsA : 1 - game.pointsA, game.reason) : undefined);
        const white = word(asWhite);
        const black = word(asBlack);
        return [{ username: player.username, board: `${matchApiUrl(origins, match.id)}/${board.board}`, rating: player.rating ?? 0, ...(white ? { played_as_white: white } : {}), ...(black ? { played_as_black: black } : {}) }];
      });
      const players = match.boards.length > 0 ? paired : match.players.filter((player) => player.side === side).map((player) => ({ username: player.username, rating: player.rating }));
      return {
        "@id": clubApiUrl(origins, club.url),
        url: `${origins.site}${generateLink("web_club", { url: club.url })}`,
        name: club.name,
        score: own,
        ...(match.status === "finished" ? { result: outcomeOf(own, other) } : {}),
        players,
        fair_play_removals: [],
      };
    };
    const body = {
      name: match.name,
      url: matchSiteUrl(origins, match.id),
      "@id": matchApiUrl(origins, match.id),
      status: apiStatus(match.status),
      ...(match.startedAt ? { start_time: seconds(match.startedAt) } : { start_time: seconds(match.terms.startsAt) }),
      ...(match.finishedAt ? { end_time: seconds(match.finishedAt) } : {}),
      boards: match.boards.length || match.terms.maxBoards,
      settings: {
        rules: match.terms.rules === "chess960" ? "chess960" : "chess",
        time_class: match.terms.kind,
        time_control: timeControlOf(match.terms),
        rated: match.terms.rated,
        max_boards: match.terms.maxBoards,
        games_per_board: match.terms.gamesPerBoard,
        ...(match.terms.minRating !== null ? { min_rating: match.terms.minRating } : {}),
        ...(match.terms.maxRating !== null ? { max_rating: match.terms.maxRating } : {}),
        autostart: true,
      },
      teams: { team1: team("a"), team2: team("b") },
    };
    return sendCacheable(request, reply, { body: JSON.stringify(body), lastModified: lastChange(match) });
  };

  const boardHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const { match, board: number } = await matchOf(request);
    const board = match.boards.find((candidate) => candidate.board === number);
    if (!board) throw new AppError("not_found");
    const scores: Record<string, number> = {};
    if (board.playerA) scores[board.playerA.username.toLowerCase()] = board.games.reduce((sum, game) => sum + (game.pointsA ?? 0), 0);
    if (board.playerB) scores[board.playerB.username.toLowerCase()] = board.games.reduce((sum, game) => sum + (game.pointsA === null ? 0 : 1 - game.pointsA), 0);
    const seat = (player: BoardView["playerA"], points: number | null, reason: string | null) =>
      player ? { username: player.username, rating: player.rating ?? 0, "@id": playerApiUrl(origins, player.username), ...(points !== null ? { result: gameResultWord(points, reason) } : {}) } : null;
    const games = board.games.flatMap((game) => {
      if (game.gameId === null) return [];
      const pointsB = game.pointsA === null ? null : 1 - game.pointsA;
      const [white, black] = game.aWhite ? [seat(board.playerA, game.pointsA, game.reason), seat(board.playerB, pointsB, game.reason)] : [seat(board.playerB, pointsB, game.reason), seat(board.playerA, game.pointsA, game.reason)];
      return [
        {
          url: `${origins.site}${generateLink(match.terms.kind === "daily" ? "web_game" : "web_game_live", { id: String(game.gameId) })}`,
          white,
          black,
          time_control: timeControlOf(match.terms),
          time_class: match.terms.kind,
          rules: match.terms.rules === "chess960" ? "chess960" : "chess",
          rated: match.terms.rated,
          match: matchApiUrl(origins, match.id),
        },
      ];
    });
    return sendCacheable(request, reply, { body: JSON.stringify({ board_scores: scores, games }), lastModified: lastChange(match) });
  };

  const playerMatchesHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const member = await directory.memberByUsername(publicUsernameOf(request));
    if (!member) throw new AppError("not_found");
    const entries = await matches.matchesOfMember(member.id);
    const clubs = await clubAccess.clubsByIds(entries.map(({ match, side }) => (side === "a" ? match.clubAId : match.clubBId)));
    const base = ({ match, side }: (typeof entries)[number]) => {
      const clubId = side === "a" ? match.clubAId : match.clubBId;
      return { name: match.name, url: matchSiteUrl(origins, match.id), "@id": matchApiUrl(origins, match.id), club: clubApiUrl(origins, clubs.get(clubId)?.url ?? String(clubId)) };
    };
    const boardUrl = (entry: (typeof entries)[number]) => (entry.games[0] ? { board: `${matchApiUrl(origins, entry.match.id)}/${entry.games[0].board}` } : {});
    const results = ({ side, games }: (typeof entries)[number]) => {
      const out: Record<string, string> = {};
      for (const game of games) {
        if (game.pointsA2 === null || game.gameId === null) continue;
        const points = (side === "a" ? game.pointsA2 : 2 - game.pointsA2) / 2;
        out[game.aWhite === (side === "a") ? "played_as_white" : "played_as_black"] = gameResultWord(points, game.reason);
      }
      return out;
    };
    const body = {
      finished: entries.filter((entry) => entry.match.status === "finished").map((entry) => ({ ...base(entry), results: results(entry), ...boardUrl(entry) })),
      in_progress: entries.filter((entry) => entry.match.status === "in_progress" || entry.match.status === "starting").map((entry) => ({ ...base(entry), ...boardUrl(entry) })),
      registered: entries.filter((entry) => entry.match.status === "registration").map(base),
    };
    return sendCacheable(request, reply, { body: JSON.stringify(body) });
  };

  await registerPublicApiRoutes(app, {}, [
    { url: "/pub/club/:urlId/matches", handler: clubMatchesHandler },
    { url: "/pub/match/:id", handler: matchHandler },
    { url: "/pub/match/:id/:board", handler: boardHandler },
    // A live match by the live path public clients use for them (the same ids).
    { url: "/pub/match/live/:id", handler: matchHandler },
    { url: "/pub/match/live/:id/:board", handler: boardHandler },
    { url: "/pub/player/:username/matches", handler: playerMatchesHandler },
  ]);
}
