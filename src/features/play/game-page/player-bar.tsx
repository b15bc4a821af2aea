import { useIntl } from "../../../platform/i18n/intl.tsx";
import { MemberLink } from "../../social/card/member-link.tsx";
import { FlairBesideName } from "../../accounts/flair/flair-image.tsx";
import type { ClockSnapshot } from "./clock-display.ts";
import type { PieceColor } from "./fen-board.ts";
import type { MaterialSide } from "./material.ts";
import type { GamePlayerView, GameView } from "../play.schema.ts";
import { DailyClock } from "./daily-parts.tsx";
import { PlayerClock } from "./player-clock.tsx";

interface PlayerBarProps {
  readonly player: GamePlayerView;
  readonly color: PieceColor;
  readonly clocks: ClockSnapshot | null;
  readonly baseMs: number;
  readonly warn: boolean;
  readonly toMove: boolean;
  readonly control: GameView["control"];
  /** A daily game in play: the deadline of the side to move (the other side has its whole allowance ahead). */
  readonly deadlineAt: string | null;
  /** The rating changes the end brought (the event's figures, before a snapshot fills the players'). */
  readonly endingDiff: number | null;
  /** The pieces this player has taken and the points ahead (material.ts). */
  readonly material: MaterialSide;
}

/** A player above or below the board: colour, name (to the profile), flair, rating and its change at the end, and the clock. */
export function PlayerBar({ player, color, clocks, baseMs, warn, toMove, control, deadlineAt, endingDiff, material }: PlayerBarProps) {
  const intl = useIntl();
  const diff = player.ratingDiff ?? endingDiff;
  return (
    <div className={`ks-player-bar${toMove ? " ks-player-bar-to-move" : ""}`} data-color={color}>
      <span className={`ks-player-color ks-player-color-${color}`} role="img" aria-label={intl.formatMessage({ id: color === "white" ? "game.color.white" : "game.color.black" })} />
      <MemberLink username={player.username} className="ks-player-name" />
      {/* A plain picture here: the game page has no JavaScript to spare for the flair's link and upsell (decision 0069). */}
      <FlairBesideName code={player.flairCode} />
      {player.rating !== null && <span className="ks-player-rating">{intl.formatNumber(player.rating, { useGrouping: false })}</span>}
      {diff !== null && (
        <span className={`ks-player-diff ${diff > 0 ? "ks-player-diff-up" : diff < 0 ? "ks-player-diff-down" : ""}`} aria-label={intl.formatMessage({ id: "game.rating.change" }, { diff: `${diff > 0 ? "+" : ""}${diff}` })}>
          {diff > 0 ? "+" : ""}
          {intl.formatNumber(diff)}
        </span>
      )}
      {(material.captured || material.advantage > 0) && (
        <span className="ks-player-material" role="img" aria-label={intl.formatMessage({ id: "game.material" }, { captured: material.captured, advantage: material.advantage })}>
          <span aria-hidden="true">{material.captured}</span>
          {material.advantage > 0 && <span aria-hidden="true"> +{material.advantage}</span>}
        </span>
      )}
      <span className="ks-player-bar-spacer" />
      {clocks ? (
        <PlayerClock snapshot={clocks} color={color} baseMs={baseMs} warn={warn} />
      ) : (
        control.kind === "daily" && <DailyClock daysPerMove={control.daysPerMove} deadlineAt={toMove ? deadlineAt : null} inPlay={deadlineAt !== null} />
      )}
    </div>
  );
}
