import { useIntl } from "../../../platform/i18n/intl.tsx";
import { MemberName } from "../../social/card/member-name.tsx";
import type { ClockSnapshot } from "./clock-display.ts";
import type { PieceColor } from "./fen-board.ts";
import type { GamePlayerView, GameView } from "../play.schema.ts";
import { PlayerClock } from "./player-clock.tsx";

interface PlayerBarProps {
  readonly player: GamePlayerView;
  readonly color: PieceColor;
  readonly clocks: ClockSnapshot | null;
  readonly baseMs: number;
  readonly warn: boolean;
  readonly toMove: boolean;
  readonly control: GameView["control"];
  /** The rating changes the end brought (the event's figures, before a snapshot fills the players'). */
  readonly endingDiff: number | null;
}

/** A player above or below the board: colour, name (to the profile), rating and its change at the end, and the clock. */
export function PlayerBar({ player, color, clocks, baseMs, warn, toMove, control, endingDiff }: PlayerBarProps) {
  const intl = useIntl();
  const diff = player.ratingDiff ?? endingDiff;
  return (
    <div className={`ks-player-bar${toMove ? " ks-player-bar-to-move" : ""}`} data-color={color}>
      <span className={`ks-player-color ks-player-color-${color}`} role="img" aria-label={intl.formatMessage({ id: color === "white" ? "game.color.white" : "game.color.black" })} />
      <MemberName member={{ username: player.username }} showFlag={false} className="ks-player-name" />
      {player.rating !== null && <span className="ks-player-rating">{intl.formatNumber(player.rating, { useGrouping: false })}</span>}
      {diff !== null && (
        <span className={`ks-player-diff ${diff > 0 ? "ks-player-diff-up" : diff < 0 ? "ks-player-diff-down" : ""}`} aria-label={intl.formatMessage({ id: "game.rating.change" }, { diff: `${diff > 0 ? "+" : ""}${diff}` })}>
          {diff > 0 ? "+" : ""}
          {intl.formatNumber(diff)}
        </span>
      )}
      <span className="ks-player-bar-spacer" />
      {clocks ? (
        <PlayerClock snapshot={clocks} color={color} baseMs={baseMs} warn={warn} />
      ) : (
        control.kind === "daily" && <span className="ks-game-clock ks-game-clock-daily">{intl.formatMessage({ id: "game.control.daily" }, { days: control.daysPerMove })}</span>
      )}
    </div>
  );
}
