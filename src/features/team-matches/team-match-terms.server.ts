import type { TeamMatchGameTerms } from "./team-match-play.port.ts";
import type { teamMatchChallenges, teamMatches } from "./team-matches.tables.server.ts";
import { teamMatchKinds, teamMatchRules, type ChallengeInput, type TeamMatchKind, type TeamMatchRules, type TermsView } from "./team-matches.schema.ts";

/** The terms columns a challenge and its match share (team-matches.tables.server.ts). */
export type TermsRow = Pick<typeof teamMatches.$inferSelect, "kind" | "rules" | "daysPerMove" | "baseSeconds" | "incrementSeconds" | "rated" | "maxBoards" | "gamesPerBoard" | "minRating" | "maxRating" | "startsAt">;

const kindOf = (value: string): TeamMatchKind => teamMatchKinds.find((kind) => kind === value) ?? "daily";
const rulesOf = (value: string): TeamMatchRules => teamMatchRules.find((rules) => rules === value) ?? "standard";

/** The columns a challenge's validated input is stored as; a daily match always plays two games a board. */
export function termsColumnsOf(input: ChallengeInput, now: number): TermsRow {
  const daily = input.kind === "daily";
  return {
    kind: input.kind,
    rules: input.rules,
    daysPerMove: daily ? (input.daysPerMove ?? null) : null,
    baseSeconds: daily ? null : Math.round((input.baseMinutes ?? 0) * 60),
    incrementSeconds: daily ? null : (input.incrementSeconds ?? 0),
    rated: input.rated,
    maxBoards: input.maxBoards,
    gamesPerBoard: daily ? 2 : (input.gamesPerBoard ?? 2),
    minRating: input.minRating ?? null,
    maxRating: input.maxRating ?? null,
    startsAt: new Date(now + input.startsInHours * 3_600_000),
  };
}

export function termsViewOf(row: TermsRow): TermsView {
  return {
    kind: kindOf(row.kind),
    rules: rulesOf(row.rules),
    daysPerMove: row.daysPerMove,
    baseSeconds: row.baseSeconds,
    incrementSeconds: row.incrementSeconds,
    rated: row.rated,
    maxBoards: row.maxBoards,
    gamesPerBoard: row.gamesPerBoard,
    minRating: row.minRating,
    maxRating: row.maxRating,
    startsAt: row.startsAt.toISOString(),
  };
}

export function gameTermsOf(row: TermsRow): TeamMatchGameTerms {
  return { kind: kindOf(row.kind), rules: rulesOf(row.rules), daysPerMove: row.daysPerMove, baseSeconds: row.baseSeconds, incrementSeconds: row.incrementSeconds, rated: row.rated };
}

/** The terms columns of a challenge row, to copy into its match. */
export function termsOfChallenge(row: typeof teamMatchChallenges.$inferSelect): TermsRow {
  const { kind, rules, daysPerMove, baseSeconds, incrementSeconds, rated, maxBoards, gamesPerBoard, minRating, maxRating, startsAt } = row;
  return { kind, rules, daysPerMove, baseSeconds, incrementSeconds, rated, maxBoards, gamesPerBoard, minRating, maxRating, startsAt };
}
