import { pgnTimeControl } from "../../../chess/time-control.ts";
import { publicRulesOf, type PublicRules } from "./public-rules.ts";
import type { ArchivedGameRecord } from "./archive.service.server.ts";
import type { ArchiveGame } from "./archive.schema.ts";

/**
 * The monthly archives of the public API, in the shape the widely used public
 * chess API's clients read (docs/decisions/0020): {"archives": [month URLs]},
 * {"games": [game]} with each game's url, pgn, time_control, end_time, rated,
 * initial_setup, fen, time_class, rules and the two players.
 */
export interface PublicArchivePlayer {
  readonly rating: number;
  readonly result: PublicPlayerResult;
  readonly "@id": string;
  readonly username: string;
}

export interface PublicArchiveGame {
  readonly url: string;
  readonly pgn: string;
  readonly time_control: string;
  /** Daily games only: Unix seconds. */
  readonly start_time?: number;
  readonly end_time: number;
  readonly rated: boolean;
  readonly initial_setup: string;
  readonly fen: string;
  readonly time_class: ArchiveGame["timeClass"];
  readonly rules: PublicRules;
  readonly white: PublicArchivePlayer;
  readonly black: PublicArchivePlayer;
}

/** The result codes those clients know: "win" for the winner, how the other side lost, or how the game was drawn. */
export type PublicPlayerResult = "win" | "checkmated" | "resigned" | "timeout" | "abandoned" | "agreed" | "repetition" | "stalemate" | "insufficient" | "50move" | "timevsinsufficient";

const lossCodes: Readonly<Record<string, PublicPlayerResult>> = { checkmate: "checkmated", resignation: "resigned", timeout: "timeout", abandonment: "abandoned" };
const drawCodes: Readonly<Record<string, PublicPlayerResult>> = {
  agreement: "agreed",
  "threefold-repetition": "repetition",
  stalemate: "stalemate",
  "insufficient-material": "insufficient",
  "fifty-moves": "50move",
  "timeout-vs-insufficient-material": "timevsinsufficient",
  // A draw claimed against an absent opponent: the readers have no code for it, and "agreed" is read as a draw.
  abandonment: "agreed",
};

export function playerResult(game: Pick<ArchiveGame, "result" | "termination">, side: "white" | "black"): PublicPlayerResult {
  if (game.result === "1/2-1/2") return drawCodes[game.termination] ?? "agreed";
  const won = (game.result === "1-0") === (side === "white");
  return won ? "win" : (lossCodes[game.termination] ?? "resigned");
}

/** Ratings recorded on every game since ratings exist; older rows read as a new player's 1500. */
const UNRECORDED_RATING = 1500;

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export function presentArchiveGame(record: ArchivedGameRecord, links: { readonly gameUrl: string; readonly playerUrl: (username: string) => string; readonly pgn: string }): PublicArchiveGame {
  const { game } = record;
  const player = (side: "white" | "black"): PublicArchivePlayer => ({
    rating: game[side].rating ?? UNRECORDED_RATING,
    result: playerResult(game, side),
    "@id": links.playerUrl(game[side].username),
    username: game[side].username,
  });
  const control = game.control.kind === "live" ? game.control : { kind: "daily" as const, daysPerMove: 1 as const };
  const timeControl = game.control.kind === "live" ? pgnTimeControl(control) : `1/${game.control.daysPerMove * 86_400}`;
  return {
    url: links.gameUrl,
    pgn: links.pgn,
    time_control: timeControl,
    ...(game.speed === "daily" ? { start_time: seconds(game.startedAt) } : {}),
    end_time: seconds(game.endedAt),
    rated: game.rated,
    initial_setup: record.initialFen,
    fen: game.fen,
    time_class: game.timeClass,
    rules: publicRulesOf(game.rules),
    white: player("white"),
    black: player("black"),
  };
}
