/**
 * The keyboard's way to move (lichess's keyboard input): a text field under
 * the board where a player types a move in SAN or UCI and presses Enter. What
 * cannot be played is said in words beside the field (an alert, so a screen
 * reader hears it) and nothing is sent. Its own chunk with chessops, loaded
 * for a player of a game in progress only.
 */
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { PlayRulesId } from "../play.constants.ts";
import { loadMovesRules, useMovesRules, type MovesRules } from "./moves-rules.ts";
import { readTypedMove, type TypedMove } from "./typed-move.ts";

export interface MoveInputProps {
  readonly rules: PlayRulesId;
  /** The position the move is read against: the game's current one. */
  readonly fen: string;
  /** The player may move now (their turn, no move waiting for the server). */
  readonly myTurn: boolean;
  readonly onMove: (uci: string) => void;
}

export default function MoveInput({ rules, fen, myTurn, onMove }: MoveInputProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Crazyhouse's rules start loading with the field; a move typed before they arrive waits for them.
  const movesRules = useMovesRules(rules);

  const explain = (typed: string, reading: Exclude<TypedMove, { kind: "move" }>): string => {
    const list = (sans: readonly string[]) => new Intl.ListFormat(intl.locale, { type: "disjunction" }).format(sans);
    switch (reading.kind) {
      case "invalid":
        return intl.formatMessage({ id: "game.input.invalid" }, { text: typed });
      case "illegal":
        return intl.formatMessage({ id: "game.input.illegal" }, { text: typed });
      case "ambiguous":
        return intl.formatMessage({ id: "game.input.ambiguous" }, { text: typed, moves: list(reading.sans) });
      case "promotion":
        return intl.formatMessage({ id: "game.input.promotion" }, { moves: list(reading.sans) });
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed === "") return;
    if (!myTurn) {
      setProblem(intl.formatMessage({ id: "game.input.wait" }));
      return;
    }
    const read = (readingRules: MovesRules) => {
      const reading = readTypedMove(readingRules, fen, typed);
      if (reading.kind !== "move") {
        setProblem(explain(typed, reading));
        return;
      }
      setProblem(null);
      setText("");
      onMove(reading.uci);
    };
    if (movesRules) read(movesRules);
    else void loadMovesRules(rules).then(read);
  };

  return (
    <form className="ks-move-input" onSubmit={handleSubmit}>
      <label htmlFor={`${id}-field`} className="ks-visually-hidden">
        {intl.formatMessage({ id: "game.input.label" })}
      </label>
      <input
        id={`${id}-field`}
        className="ks-input ks-move-input-field"
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="send"
        placeholder={intl.formatMessage({ id: "game.input.placeholder" })}
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="ks-move-input-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
