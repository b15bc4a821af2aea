import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RelativeTime } from "./relative-time.tsx";
import { renderWithIntl } from "./test-utils.tsx";

const now = new Date("2025-03-10T12:00:00Z");
const minute = 60_000;
const day = 24 * 60 * minute;

function timeElement(): HTMLTimeElement {
  const element = document.querySelector("time");
  if (!element) throw new Error("no <time>");
  return element;
}

describe("RelativeTime", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says how long ago, in a <time> with the full date as title", () => {
    const date = new Date(now.getTime() - 3 * minute);
    renderWithIntl(<RelativeTime date={date} now={now} />);
    expect(screen.getByText("3 minutes ago")).toBe(timeElement());
    expect(timeElement().getAttribute("datetime")).toBe(date.toISOString());
    expect(timeElement().getAttribute("title")).toBe(
      new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "short" }).format(date),
    );
  });

  it("uses words for yesterday and now", () => {
    renderWithIntl(
      <>
        <RelativeTime date={new Date(now.getTime() - day)} now={now} />
        <RelativeTime date={now} now={now} />
      </>,
    );
    expect(screen.getByText("yesterday")).not.toBeNull();
    expect(screen.getByText("now")).not.toBeNull();
  });

  it("shows the medium date beyond about a month", () => {
    const date = new Date(now.getTime() - 45 * day);
    renderWithIntl(<RelativeTime date={date.toISOString()} now={now} />);
    expect(timeElement().textContent).toBe(new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(date));
  });

  it("speaks the current locale", () => {
    renderWithIntl(<RelativeTime date={new Date(now.getTime() - 2 * 60 * minute)} now={now} />, { locale: "de" });
    expect(timeElement().textContent).toBe("vor 2 Stunden");
  });

  it("keeps itself up to date against the clock", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    renderWithIntl(<RelativeTime date={new Date(now.getTime() - 2 * minute)} />);
    expect(timeElement().textContent).toBe("2 minutes ago");
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(timeElement().textContent).toBe("3 minutes ago");
  });

  it("renders nothing for an invalid date", () => {
    renderWithIntl(<RelativeTime date="not a date" now={now} />);
    expect(document.querySelector("time")).toBeNull();
  });
});
