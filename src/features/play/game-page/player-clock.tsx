import { useEffect, useRef, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { crossedWarning, formatClock, msUntilNextDisplay, remainingMs, WARNING_AT_MS, type ClockColor, type ClockSnapshot } from "./clock-display.ts";
import { playSound } from "./game-sounds.ts";

interface PlayerClockProps {
  readonly snapshot: ClockSnapshot;
  readonly color: ClockColor;
  /** The control's starting time (the ten-second warning is for longer controls). */
  readonly baseMs: number;
  /** Sound the warning: this is the viewer's own clock, and they play sounds. */
  readonly warn: boolean;
}

/**
 * One side's clock, ticking from the server's figures: a timer wakes when
 * the display would change (each second, each tenth under ten seconds).
 */
export function PlayerClock({ snapshot, color, baseMs, warn }: PlayerClockProps) {
  const intl = useIntl();
  // The first render uses the time of the snapshot, on the server and while hydrating alike.
  const [now, setNow] = useState(snapshot.receivedAt);
  const shown = remainingMs(snapshot, color, Math.max(now, snapshot.receivedAt));
  const previous = useRef(shown);
  const running = snapshot.running === color;

  useEffect(() => {
    if (!running) return;
    // A clock the server still holds (the grace after a restart) first waits for its start.
    const held = Math.max(0, snapshot.receivedAt - performance.now());
    const timer = setTimeout(() => setNow(performance.now()), held + msUntilNextDisplay(shown));
    return () => clearTimeout(timer);
  }, [running, shown, snapshot]);

  useEffect(() => {
    if (warn && running && crossedWarning(previous.current, shown, baseMs)) playSound("tenseconds", true);
    previous.current = shown;
  }, [warn, running, shown, baseMs]);

  const colorName = intl.formatMessage({ id: color === "white" ? "game.color.white" : "game.color.black" });
  return (
    <div
      className={`ks-game-clock${running ? " ks-game-clock-running" : ""}${shown <= WARNING_AT_MS ? " ks-game-clock-low" : ""}`}
      role="timer"
      aria-live="off"
      aria-label={intl.formatMessage({ id: "game.clock.label" }, { color: colorName })}
      data-color={color}
    >
      {formatClock(shown)}
    </div>
  );
}
