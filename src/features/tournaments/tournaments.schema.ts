/**
 * What the tournaments' pages and JSON calls carry (decision 0073): the
 * presenters build these from rows; no row reaches a client.
 */
export type ArenaStatus = "upcoming" | "running" | "ending" | "finished";

export interface ArenaCard {
  readonly kind: "arena" | "swiss";
  readonly url: string;
  readonly name: string;
  readonly rules: "standard" | "chess960";
  /** "3+2": minutes + increment seconds. */
  readonly control: string;
  readonly rated: boolean;
  readonly status: ArenaStatus;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly players: number;
}

export interface ArenaView extends ArenaCard {
  readonly id: number;
  readonly description: string;
  readonly durationMinutes: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly createdBy: string | null;
}

export interface ArenaStanding {
  readonly rank: number;
  readonly username: string;
  readonly rating: number;
  readonly score: number;
  /** Each game's points; a doubled one (on fire) ends with "*". */
  readonly sheet: readonly string[];
  readonly onFire: boolean;
  readonly games: number;
  readonly berserks: number;
  readonly status: "active" | "paused" | "withdrawn";
  readonly playing: boolean;
}

export interface ArenaGameToWatch {
  readonly gameId: number;
  readonly white: string;
  readonly black: string;
  readonly whiteBerserk: boolean;
  readonly blackBerserk: boolean;
}

export interface ArenaViewer {
  readonly signedIn: boolean;
  readonly joined: boolean;
  readonly status: "active" | "paused" | "withdrawn" | null;
  /** The viewer's game in progress in this arena (the page sends them to it). */
  readonly gameId: number | null;
  readonly berserked: boolean;
  readonly canEdit: boolean;
}

/** The arena page's live part, polled (decision 0047). */
export interface ArenaLive {
  readonly status: ArenaStatus;
  readonly players: number;
  readonly standings: readonly ArenaStanding[];
  readonly games: readonly ArenaGameToWatch[];
  readonly viewer: ArenaViewer;
  /** The server's clock, for the countdowns. */
  readonly now: string;
}

export interface MemberTournamentResult {
  readonly kind: "arena" | "swiss";
  readonly url: string;
  readonly name: string;
  readonly control: string;
  readonly status: ArenaStatus;
  readonly startsAt: string;
  readonly rank: number | null;
  /** An arena's points; a Swiss's half points. */
  readonly score: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly players: number;
}

/** A Swiss's facts (decision 0078). */
export interface SwissView extends ArenaCard {
  readonly id: number;
  readonly description: string;
  readonly rounds: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly createdBy: string | null;
}

/** One round of a player's line in the crosstable: the opponent's place, the colour and the result. */
export interface SwissCell {
  readonly round: number;
  readonly outcome: "win" | "draw" | "loss" | "bye" | "playing" | "none";
  readonly opponentRank: number | null;
  readonly colour: "white" | "black" | null;
}

export interface SwissStanding {
  readonly rank: number;
  readonly username: string;
  readonly rating: number;
  /** Half points (a win 2, a draw 1, a bye 2). */
  readonly score: number;
  /** The opponents' scores, half points. */
  readonly buchholz: number;
  /** Sonneborn-Berger, quarter points. */
  readonly sonnebornBerger: number;
  readonly status: "active" | "paused" | "withdrawn";
  readonly cells: readonly SwissCell[];
}

export interface SwissPairingView {
  readonly board: number;
  readonly white: string;
  readonly black: string;
  readonly result: string | null;
  readonly gameId: number | null;
}

export interface SwissRoundView {
  readonly round: number;
  readonly pairings: readonly SwissPairingView[];
  readonly bye: string | null;
}

/** A Swiss page's live part, polled as the arena's (decision 0047). */
export interface SwissLive {
  readonly status: ArenaStatus;
  readonly currentRound: number;
  readonly rounds: number;
  readonly players: number;
  readonly standings: readonly SwissStanding[];
  readonly roundsPlayed: readonly SwissRoundView[];
  readonly viewer: {
    readonly signedIn: boolean;
    readonly joined: boolean;
    readonly status: "active" | "paused" | "withdrawn" | null;
    readonly gameId: number | null;
    readonly canEdit: boolean;
  };
  readonly now: string;
}
