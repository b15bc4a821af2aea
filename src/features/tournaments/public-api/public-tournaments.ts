/**
 * The public tournament API's bodies (issue 26 item 8), in the widely used
 * shape (chess.com's PubAPI, read by the chess-web-api client): a
 * tournament by its url id, and a player's tournaments by status.
 */
import type { PublicOrigins } from "../../members/public-api/public-api.schema.ts";
import type { ArenaStanding, ArenaView, MemberTournamentResult } from "../tournaments.schema.ts";

const seconds = (iso: string): number => Math.floor(new Date(iso).getTime() / 1000);

/** registration | in_progress | finished, as the widely used shape names a tournament's state. */
function publicStatus(status: ArenaView["status"]): "registration" | "in_progress" | "finished" {
  if (status === "upcoming") return "registration";
  return status === "finished" ? "finished" : "in_progress";
}

function controlSeconds(control: string): string {
  const [minutes, increment] = control.split("+").map(Number);
  return `${(minutes ?? 0) * 60}+${increment ?? 0}`;
}

export function presentPublicTournament(arena: ArenaView, standings: readonly ArenaStanding[], origins: PublicOrigins): Record<string, unknown> {
  const finished = arena.status === "finished";
  return {
    name: arena.name,
    url: `${origins.site}/tournament/live/arena/${arena.url}`,
    description: arena.description,
    ...(arena.createdBy ? { creator: arena.createdBy } : {}),
    status: publicStatus(arena.status),
    start_time: seconds(arena.startsAt),
    ...(finished ? { finish_time: seconds(arena.endsAt) } : {}),
    settings: {
      type: "arena",
      rules: arena.rules === "chess960" ? "chess960" : "chess",
      time_class: "live",
      time_control: controlSeconds(arena.control),
      is_rated: arena.rated,
      is_official: arena.createdBy === null,
      is_invite_only: false,
      ...(arena.minRating !== null ? { min_rating: arena.minRating } : {}),
      ...(arena.maxRating !== null ? { max_rating: arena.maxRating } : {}),
      duration_minutes: arena.durationMinutes,
      registered_user_count: arena.players,
      winner_places: 3,
      total_rounds: 1,
    },
    players: standings.map((standing) => ({
      username: standing.username.toLowerCase(),
      status: finished ? (standing.rank === 1 ? "winner" : "eliminated") : standing.status === "withdrawn" ? "withdrew" : "registered",
      points: standing.score,
      rank: standing.rank,
    })),
    rounds: [],
  };
}

export function presentPublicPlayerTournaments(results: readonly MemberTournamentResult[], origins: PublicOrigins): Record<string, unknown> {
  const entry = (result: MemberTournamentResult) => ({
    url: result.kind === "swiss" ? `${origins.site}/tournament/live/${result.url}` : `${origins.site}/tournament/live/arena/${result.url}`,
    "@id": `${origins.api}/tournament/${result.url}`,
    wins: result.wins,
    losses: result.games - result.wins - result.draws,
    draws: result.draws,
    // A Swiss keeps half points: the API gives chess points.
    points_awarded: result.kind === "swiss" ? result.score / 2 : result.score,
    ...(result.rank !== null ? { placement: result.rank } : {}),
    status: result.status === "finished" ? (result.rank === 1 ? "winner" : "eliminated") : "registered",
    total_players: result.players,
    time_class: "live",
    type: result.kind === "swiss" ? "swiss" : "arena",
  });
  return {
    finished: results.filter((result) => result.status === "finished").map(entry),
    in_progress: results.filter((result) => result.status === "running" || result.status === "ending").map(entry),
    registered: results.filter((result) => result.status === "upcoming").map(entry),
  };
}
