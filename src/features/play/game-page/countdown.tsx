import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";

/** Whole seconds left until `until` (epoch ms), never below zero. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A short countdown in a sentence ("Black must move within {time}"), ticking
 * each second until `until`; `onDone` once it reaches zero. A timer role, so
 * screen readers do not announce every tick. Rendered in the browser only
 * (the server's second would not match the browser's at hydration).
 */
export function Countdown({ until, messageId, values, onDone }: { readonly until: number; readonly messageId: string; readonly values?: Record<string, string>; readonly onDone?: () => void }) {
  const intl = useIntl();
  const isClient = useIsClient();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (left === 0) {
      onDone?.();
      return;
    }
    // Just after the next whole second left, so the figure changes on time.
    const timer = setTimeout(() => setNow(Date.now()), ((until - Date.now()) % 1000) + 20);
    return () => clearTimeout(timer);
  }, [now, left, until, onDone]);
  if (!isClient) return null;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p className="ks-game-countdown" role="timer" aria-live="off">
      {intl.formatMessage({ id: messageId }, { ...values, time })}
    </p>
  );
}
