/**
 * A daily game's clocks and deadline, in a chunk only daily game pages load
 * (decision 0035): a live game, the most watched kind, never downloads them.
 * The server has the module at once (lazyModule), so it renders them; in the
 * browser hydration keeps the server's HTML until the chunk is there.
 * Move confirmation (decision 0063) is a chunk of its own, loaded when a
 * player of a daily game in progress has the page.
 */
import { lazy, Suspense, type ComponentType } from "react";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { lazyModule } from "../../../ui/lazy-module.ts";

/** The chunk itself, for tests that wait until it is there. */
export const dailyPartsModule = lazyModule(() => importWithRetry(() => import("./daily-time-left-text.tsx")), {
  preloadIf: () => document.querySelector("[data-daily-game]") !== null,
});

/** A lazy component that shows nothing until its chunk is there. */
function suspended<Props extends object>(Lazy: ComponentType<Props>) {
  return function Suspended(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const DailyClock = suspended(dailyPartsModule.component("DailyClock"));
export const DailyTimeLeftText = suspended(dailyPartsModule.component("DailyTimeLeftText"));
export const MoveConfirmation = suspended(lazy(() => importWithRetry(() => import("./move-confirmation.tsx")).then((module) => ({ default: module.MoveConfirmation }))));
