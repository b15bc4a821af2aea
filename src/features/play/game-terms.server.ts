import type { Database } from "../../platform/db/client.server.ts";
import { playRulesOf } from "./play.constants.ts";
import type { GameTerms } from "./play.schema.ts";

/** The terms' columns, shared by seeks, challenges and games. */
export function termsColumns(terms: GameTerms) {
  const control = terms.control;
  return {
    rules: terms.rules,
    speed: control.kind,
    rated: terms.rated,
    baseSeconds: control.kind === "live" ? control.baseSeconds : null,
    incrementSeconds: control.kind === "live" ? control.incrementSeconds : null,
    daysPerMove: control.kind === "daily" ? control.daysPerMove : null,
  };
}

interface TermsRow {
  readonly rules: string;
  readonly speed: string;
  readonly rated: boolean;
  readonly color: string;
  readonly baseSeconds: number | null;
  readonly incrementSeconds: number | null;
  readonly daysPerMove: number | null;
}

/** Reads terms back from a row written by termsColumns; a row that breaks the shape is a programming error. */
export function termsFromRow(row: TermsRow): GameTerms {
  const rules = playRulesOf(row.rules);
  const color = row.color === "white" || row.color === "black" ? row.color : "random";
  if (row.speed === "daily") {
    const days = row.daysPerMove;
    if (days !== 1 && days !== 2 && days !== 3 && days !== 5 && days !== 7 && days !== 14) throw new Error(`invalid days per move ${String(days)}`);
    return { rules, rated: row.rated, color, control: { kind: "daily", daysPerMove: days } };
  }
  return { rules, rated: row.rated, color, control: { kind: "live", baseSeconds: row.baseSeconds ?? 0, incrementSeconds: row.incrementSeconds ?? 0 } };
}

/** Starts a game inside the caller's transaction (a challenge accepted, a seek taken). */
export type GameStarter = (tx: Database, setup: { readonly challengerId: number; readonly acceptorId: number; readonly terms: GameTerms }) => Promise<{ readonly id: number }>;
