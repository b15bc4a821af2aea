/**
 * The archive's filters as they travel in the page's query string
 * (?type=blitz&rules=chess960&result=win&opponent=bob&from=2026-01-01&to=2026-01-31&view=list&page=2).
 * Isomorphic and dependency-free: the loader reads them, the page writes its
 * links with them. A value that is not one of the known ones is dropped (the
 * filter is off), never an error: an old bookmark still opens the archive.
 */
import { playableRules, type PlayRulesId } from "../play.constants.ts";
export const archiveTypes = ["bullet", "blitz", "rapid", "daily"] as const;
export type ArchiveType = (typeof archiveTypes)[number];

export const archiveRules = playableRules;
export type ArchiveRules = PlayRulesId;

export const archiveResults = ["win", "loss", "draw"] as const;
export type ArchiveResult = (typeof archiveResults)[number];

export const archiveViewChoices = ["grid", "list"] as const;
export type ArchiveViewChoice = (typeof archiveViewChoices)[number];

export interface ArchiveFilters {
  readonly type: ArchiveType | null;
  readonly rules: ArchiveRules | null;
  readonly result: ArchiveResult | null;
  /** A username as typed (3–25 of [A-Za-z0-9_-]); null when empty or malformed. */
  readonly opponent: string | null;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  readonly from: string | null;
  readonly to: string | null;
}

export interface ArchiveQueryState extends ArchiveFilters {
  readonly page: number;
  /** The view asked for in the URL; null: the member's archiveView preference decides. */
  readonly view: ArchiveViewChoice | null;
}

/** Games per page: a grid of 4 × 6 on a wide screen, a readable list on a phone. */
export const ARCHIVE_PAGE_SIZE = 24;
/** Pages beyond this are refused (an OFFSET that deep is a scraper, not a reader; the monthly API serves those). */
export const ARCHIVE_MAX_PAGE = 1_000;

const USERNAME = /^[A-Za-z0-9_-]{3,25}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | null {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;
}

/** A real calendar date (2026-02-30 is not), as YYYY-MM-DD. */
export function validDate(value: string | null): string | null {
  if (!value) return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 9999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

export function parseArchiveQuery(search: URLSearchParams): ArchiveQueryState {
  const opponent = search.get("opponent")?.trim() ?? "";
  const page = Number(search.get("page") ?? "1");
  return {
    type: oneOf(archiveTypes, search.get("type")),
    rules: oneOf(archiveRules, search.get("rules")),
    result: oneOf(archiveResults, search.get("result")),
    opponent: USERNAME.test(opponent) ? opponent : null,
    from: validDate(search.get("from")),
    to: validDate(search.get("to")),
    page: Number.isInteger(page) && page >= 1 && page <= ARCHIVE_MAX_PAGE ? page : 1,
    view: oneOf(archiveViewChoices, search.get("view")),
  };
}

/** The query string of a state (only what is set; page 1 is left out). */
export function archiveSearch(state: Partial<ArchiveQueryState>): string {
  const query = new URLSearchParams();
  for (const key of ["type", "rules", "result", "opponent", "from", "to", "view"] as const) {
    const value = state[key];
    if (value) query.set(key, value);
  }
  if (state.page && state.page > 1) query.set("page", String(state.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
