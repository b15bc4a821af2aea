import { describe, expect, it } from "vitest";
import {
  addAlert,
  alertReducer,
  alertTimings,
  dismissAlert,
  dismissesItself,
  emptyAlertState,
  removeAlert,
  shownAlerts,
  type AlertState,
} from "./alert-store.ts";

function withAlerts(count: number, keepLast = 100): AlertState {
  let state = emptyAlertState;
  for (let index = 1; index <= count; index += 1) {
    state = addAlert(state, { id: `a${index}`, type: "info", message: `m${index}` }, keepLast);
  }
  return state;
}

describe("alert store", () => {
  it("uses the spec's timings", () => {
    expect(alertTimings).toEqual({ fadeMs: 200, successDismissMs: 7000, keepLast: 2 });
  });

  it("adds an alert at the end, shown", () => {
    const state = addAlert(emptyAlertState, { id: "a", type: "error", message: "Oops" });
    expect(state).toEqual([{ id: "a", type: "error", message: "Oops", leaving: false }]);
  });

  it("keeps the last 2 by default and dismisses the earlier ones", () => {
    let state = addAlert(emptyAlertState, { id: "a", type: "info", message: "1" });
    state = addAlert(state, { id: "b", type: "info", message: "2" });
    expect(shownAlerts(state).map((alert) => alert.id)).toEqual(["a", "b"]);
    state = addAlert(state, { id: "c", type: "success", message: "3" });
    expect(shownAlerts(state).map((alert) => alert.id)).toEqual(["b", "c"]);
    expect(state.find((alert) => alert.id === "a")?.leaving).toBe(true);
  });

  it("honours another keep count, and never fewer than the new alert", () => {
    const keepThree = addAlert(withAlerts(4), { id: "new", type: "info", message: "x" }, 3);
    expect(shownAlerts(keepThree).map((alert) => alert.id)).toEqual(["a3", "a4", "new"]);
    const keepNone = addAlert(withAlerts(2), { id: "new", type: "info", message: "x" }, 0);
    expect(shownAlerts(keepNone).map((alert) => alert.id)).toEqual(["new"]);
  });

  it("does not count leaving alerts against the limit", () => {
    let state = dismissAlert(withAlerts(2), "a2");
    state = addAlert(state, { id: "c", type: "info", message: "c" });
    expect(shownAlerts(state).map((alert) => alert.id)).toEqual(["a1", "c"]);
  });

  it("re-adding an id replaces the alert instead of duplicating it", () => {
    const state = addAlert(withAlerts(1), { id: "a1", type: "error", message: "again" });
    expect(state).toEqual([{ id: "a1", type: "error", message: "again", leaving: false }]);
  });

  it("dismiss marks the alert leaving; unknown ids change nothing", () => {
    const state = withAlerts(2);
    const dismissed = dismissAlert(state, "a1");
    expect(dismissed.map((alert) => alert.leaving)).toEqual([true, false]);
    expect(dismissAlert(state, "nope")).toBe(state);
    expect(dismissAlert(dismissed, "a1")).toBe(dismissed);
  });

  it("remove drops the alert", () => {
    const state = withAlerts(2);
    expect(removeAlert(state, "a1").map((alert) => alert.id)).toEqual(["a2"]);
    expect(removeAlert(state, "nope")).toBe(state);
  });

  it("only success alerts dismiss themselves", () => {
    expect(dismissesItself({ type: "success", message: "" })).toBe(true);
    expect(dismissesItself({ type: "info", message: "" })).toBe(false);
    expect(dismissesItself({ type: "error", message: "" })).toBe(false);
  });

  it("the reducer routes each action", () => {
    let state = alertReducer(emptyAlertState, {
      kind: "add",
      alert: { id: "a", type: "info", message: "m" },
      keepLast: 2,
    });
    state = alertReducer(state, { kind: "dismiss", id: "a" });
    expect(state[0]?.leaving).toBe(true);
    state = alertReducer(state, { kind: "remove", id: "a" });
    expect(state).toEqual([]);
  });
});
