import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AlertList, AlertsProvider, useAlerts, type AlertInput } from "./alert.tsx";
import { renderWithIntl } from "./test-utils.tsx";

function Trigger({ alert, label }: { alert: AlertInput; label: string }) {
  const { showAlert } = useAlerts();
  return (
    <button type="button" onClick={() => showAlert(alert)}>
      {label}
    </button>
  );
}

function renderAlerts(keepLast?: number) {
  return renderWithIntl(
    <AlertsProvider keepLast={keepLast}>
      <Trigger label="error" alert={{ type: "error", message: "Something broke" }} />
      <Trigger label="info" alert={{ type: "info", message: "For your information" }} />
      <Trigger label="success" alert={{ type: "success", message: "Saved" }} />
      <AlertList />
    </AlertsProvider>,
  );
}

function shownMessages(): string[] {
  return Array.from(document.querySelectorAll(".ks-alert:not(.ks-alert--leaving) .ks-alert__message")).map(
    (element) => element.textContent ?? "",
  );
}

describe("AlertList", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a polite live region with an accessible name, errors announced as alerts", () => {
    renderAlerts();
    const region = screen.getByRole("status", { name: "Notifications" });
    expect(region.getAttribute("aria-live")).toBe("polite");
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    expect(screen.getByRole("alert").textContent).toContain("Something broke");
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("fades a dismissed alert for 200 ms, then removes it", () => {
    renderAlerts();
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    const leaving = document.querySelector(".ks-alert");
    expect(leaving?.classList.contains("ks-alert--leaving")).toBe(true);
    expect(leaving?.getAttribute("aria-hidden")).toBe("true");
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(document.querySelector(".ks-alert")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector(".ks-alert")).toBeNull();
  });

  it("dismisses success alerts after 7000 ms but leaves others", () => {
    renderAlerts();
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    fireEvent.click(screen.getByRole("button", { name: "success" }));
    act(() => {
      vi.advanceTimersByTime(6999);
    });
    expect(shownMessages()).toEqual(["Something broke", "Saved"]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(shownMessages()).toEqual(["Something broke"]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText("Saved")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(shownMessages()).toEqual(["Something broke"]);
  });

  it("a new alert dismisses the earlier ones, keeping the last 2", () => {
    renderAlerts();
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    fireEvent.click(screen.getByRole("button", { name: "success" }));
    expect(shownMessages()).toEqual(["For your information", "Saved"]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText("Something broke")).toBeNull();
  });

  it("keeps another number of alerts when configured", () => {
    renderAlerts(1);
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    expect(shownMessages()).toEqual(["For your information"]);
  });

  it("useAlerts outside a provider explains what is missing", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => renderWithIntl(<AlertList />)).toThrow(/AlertsProvider/);
    spy.mockRestore();
  });
});
