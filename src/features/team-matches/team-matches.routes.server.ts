import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import type { Result } from "../../shared/result.ts";
import { requireSignedIn } from "../accounts/policy.server.ts";
import type { ClubAccess } from "../clubs/club-access.service.server.ts";
import type { ClubsService } from "../clubs/clubs.service.server.ts";
import { CLUB_LEADERBOARD_MAX_PAGE, type TeamMatchLeaderboards } from "./team-match-leaderboards.service.server.ts";
import type { ChallengeFailure, TeamMatchChallengesService } from "./team-match-challenges.service.server.ts";
import type { TeamMatchActor } from "./team-matches.policy.ts";
import { challengeInputSchema, clubLeaderboardKindOf, digitsSchema, type ClubLeaderboardPage, type TeamMatchKind } from "./team-matches.schema.ts";
import type { TeamMatchFailure, TeamMatchesService } from "./team-matches.service.server.ts";

declareFailures<ChallengeFailure | TeamMatchFailure>({
  club_not_found: "not_found",
  challenge_not_found: "not_found",
  match_not_found: "not_found",
  player_not_found: "not_found",
  same_club: "invalid",
  not_club_admin: "refused",
  not_allowed: "refused",
  wrong_opponent_group: "invalid",
  challenge_not_pending: "conflict",
  challenge_expired: "conflict",
  registration_closed: "conflict",
  already_joined: "conflict",
  not_joined: "conflict",
  not_in_either_club: "refused",
  member_of_both_clubs: "refused",
  rating_too_low: "refused",
  rating_too_high: "refused",
});

const redirectBodySchema = z.object({ redirectUrl: z.string().max(500).optional() }).loose();

function actorOf(request: FastifyRequest): TeamMatchActor {
  const session = requireSignedIn(request);
  return { id: session.user.id, level: session.user.membershipLevel };
}

function idParam(request: FastifyRequest, name: string): number {
  const params = z.record(z.string(), z.string()).safeParse(request.params);
  const parsed = digitsSchema.safeParse(params.success ? params.data[name] : undefined);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}

/** JSON for the HTTP client, or a 303 back to the page (with ?error=<code>) for a plain form. */
function answer<T extends object>(request: FastifyRequest, reply: FastifyReply, result: Result<T, ChallengeFailure | TeamMatchFailure>, fallback: string, doneKey: string, onSuccessTo?: string) {
  const body = redirectBodySchema.safeParse(request.body ?? {});
  const back = (body.success ? safeRedirectPath(body.data.redirectUrl) : null) ?? fallback;
  if (!result.ok) return formFailed(request, reply, { code: result.error, message: translate(request, `team_matches.error.${result.error}`) }, back);
  return formSucceeded(request, reply, onSuccessTo ?? back, { message: translate(request, doneKey), ...result.value });
}

/**
 * Team matches over HTTP (spec 000 §4, §7; decision 0072): the challenge
 * search and the challenge's accept, decline and delete; joining, leaving and
 * removal; our own calls to send a challenge, start a match early and read a
 * match as JSON (its page polls it).
 */
export function registerTeamMatchesRoutes(
  app: FastifyInstance,
  deps: { readonly challenges: TeamMatchChallengesService; readonly matches: TeamMatchesService; readonly clubs: ClubsService; readonly clubAccess: ClubAccess; readonly leaderboards: TeamMatchLeaderboards },
): void {
  const { challenges, matches, clubs, clubAccess, leaderboards } = deps;
  const challengesPage = () => generateLink("web_play_club_challenges");
  const matchPage = (id: number) => generateLink("web_club_match", { match: String(id) });

  app.get("/callback/club/challenge/search", async (request, reply) => {
    actorOf(request);
    const query = z.object({ q: z.string().trim().max(64).default("") }).safeParse(request.query ?? {});
    if (!query.success) throw new AppError("validation_failed");
    const found = await clubs.list({ q: query.data.q.toLowerCase(), page: 1 });
    return reply.send({ clubs: found.clubs.slice(0, 20).map((club) => ({ id: club.id, url: club.url, name: club.name, memberCount: club.memberCount })) });
  });

  app.post("/callback/clubs/match_challenge/new/:club", async (request, reply) => {
    const actor = actorOf(request);
    const clubId = idParam(request, "club");
    const input = challengeInputSchema.safeParse(request.body ?? {});
    if (!input.success) {
      const message = input.error.issues[0]?.message ?? "";
      return formFailed(request, reply, { code: "validation_failed", message: translate(request, message.startsWith("team_matches.") ? message : "team_matches.error.terms") }, challengesPage());
    }
    return answer(request, reply, await challenges.propose(actor, clubId, input.data), challengesPage(), "team_matches.done.challenge_sent");
  });

  app.post("/callback/clubs/match_challenge/:id/accept/:opponentGroup", async (request, reply) => {
    const result = await challenges.accept(actorOf(request), idParam(request, "id"), idParam(request, "opponentGroup"));
    // An accepted challenge is a match now: its page is where both sides go next.
    return answer(request, reply, result, challengesPage(), "team_matches.done.challenge_accepted", result.ok ? matchPage(result.value.matchId) : undefined);
  });

  app.post("/callback/clubs/match_challenge/:id/decline", async (request, reply) => {
    return answer(request, reply, await challenges.decline(actorOf(request), idParam(request, "id")), challengesPage(), "team_matches.done.challenge_declined");
  });

  app.post("/callback/clubs/match_challenge/:id/delete", async (request, reply) => {
    return answer(request, reply, await challenges.delete(actorOf(request), idParam(request, "id")), challengesPage(), "team_matches.done.challenge_deleted");
  });

  app.post("/club/matches/join/:id", async (request, reply) => {
    const id = idParam(request, "id");
    return answer(request, reply, await matches.join(actorOf(request), id), matchPage(id), "team_matches.done.joined");
  });

  app.post("/club/matches/withdraw/:id", async (request, reply) => {
    const id = idParam(request, "id");
    return answer(request, reply, await matches.withdraw(actorOf(request), id), matchPage(id), "team_matches.done.left");
  });

  app.post("/club/matches/:id/user/:user/remove", async (request, reply) => {
    const id = idParam(request, "id");
    return answer(request, reply, await matches.remove(actorOf(request), id, idParam(request, "user")), matchPage(id), "team_matches.done.removed");
  });

  app.post("/club/matches/start/:id", async (request, reply) => {
    const id = idParam(request, "id");
    return answer(request, reply, await matches.startNow(actorOf(request), id), matchPage(id), "team_matches.done.started");
  });

  // A club's team-match leaderboards (decision 0076): by club id and type, or the live board by the club's url (which may hold slashes).
  app.get("/callback/clubs/leaderboard/:type/:id", async (request, reply) => {
    const params = z.object({ type: z.string() }).safeParse(request.params);
    const type = params.success ? clubLeaderboardKindOf(params.data.type) : null;
    if (!type) throw new AppError("not_found");
    const club = await clubAccess.findClub(String(idParam(request, "id")));
    if (!club) throw new AppError("not_found");
    return sendLeaderboard(reply, club.id, type, leaderboardPageOf(request));
  });

  app.get("/callback/club/leaderboard/team-match-live/*", async (request, reply) => {
    const params = z.object({ "*": z.string().min(1).max(200) }).safeParse(request.params);
    const club = params.success ? await clubAccess.findClub(params.data["*"]) : null;
    if (!club) throw new AppError("not_found");
    return sendLeaderboard(reply, club.id, "live", leaderboardPageOf(request));
  });

  async function sendLeaderboard(reply: FastifyReply, clubId: number, kind: TeamMatchKind, page: number) {
    return reply.header("cache-control", "no-cache").send(presentLeaderboard(await leaderboards.clubLeaderboard(clubId, kind, page)));
  }

  app.get("/callback/club/matches/:id", async (request, reply) => {
    const view = await matches.view(idParam(request, "id"));
    if (!view) throw new AppError("not_found");
    return reply.header("cache-control", "no-cache").send({ match: view });
  });
}

/** The numeric page of a leaderboard call (spec 000 §5): absent is 1; anything but digits within range is refused. */
function leaderboardPageOf(request: FastifyRequest): number {
  const query = z.object({ page: z.string().regex(/^\d{1,4}$/).transform(Number).pipe(z.number().int().min(1).max(CLUB_LEADERBOARD_MAX_PAGE)).optional() }).safeParse(request.query ?? {});
  if (!query.success) throw new AppError("validation_failed");
  return query.data.page ?? 1;
}

/** The leader entries in the leaderboards' shape (spec 001 §3.1), with the club board's points and win rate. */
function presentLeaderboard(board: ClubLeaderboardPage) {
  return {
    leaders: board.leaders.map((row) => ({
      rank: row.rank,
      score: row.points,
      user: { username: row.username, avatar_url: row.avatarUrl, country_id: row.countryCode },
      winRate: row.winRate,
      totalWinCount: row.wins,
      totalDrawCount: row.draws,
      totalLossCount: row.losses,
      totalGameCount: row.games,
    })),
    pagination: { currentPage: board.page, totalPages: board.totalPages, totalResultsCount: board.total, morePages: board.page < board.totalPages },
  };
}
