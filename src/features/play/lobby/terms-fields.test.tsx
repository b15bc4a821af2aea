import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import en from "./messages/en.json";
import { defaultTermsForm, termsOf, type TermsFormError, type TermsFormState } from "./terms-form-state.ts";
import { TermsFields } from "./terms-fields.tsx";

/** The fields with their state, and what they would submit, shown for the test to read. */
function Harness({ isGuest = false, withRange = true, dailyOnly = false, error = null }: { isGuest?: boolean; withRange?: boolean; dailyOnly?: boolean; error?: TermsFormError | null }) {
  const [state, setState] = useState<TermsFormState>(defaultTermsForm);
  const terms = termsOf(state);
  return (
    <>
      <TermsFields state={state} onChange={setState} isGuest={isGuest} withRange={withRange} dailyOnly={dailyOnly} error={error} />
      <output data-testid="terms">{JSON.stringify(terms.ok ? terms.value : terms.error)}</output>
    </>
  );
}

const submitted = (): unknown => JSON.parse(screen.getByTestId("terms").textContent ?? "null");

describe("TermsFields", () => {
  it("groups each choice in a named fieldset of radios", () => {
    renderWithIntl(<Harness />, { messages: en });
    for (const name of ["Game type", "Time control (minutes + seconds per move)", "Rules", "Rating", "Your colour", "Opponents"]) {
      expect(screen.getByRole("group", { name })).toBeTruthy();
    }
    expect(screen.getAllByRole("radio", { checked: true }).map((radio) => radio.closest("label")?.textContent)).toEqual(["Live", "10+0", "Standard", "Rated", "Random"]);
  });

  it("builds the terms from the choices: preset, rules, rating, colour", () => {
    renderWithIntl(<Harness />, { messages: en });
    fireEvent.click(screen.getByRole("radio", { name: "3+2" }));
    fireEvent.click(screen.getByRole("radio", { name: "Chess960" }));
    fireEvent.click(screen.getByRole("radio", { name: "Casual" }));
    fireEvent.click(screen.getByRole("radio", { name: "Black" }));
    expect(submitted()).toEqual({ rules: "chess960", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "black" });
  });

  it("offers labelled minutes and increment for a custom control, and the days for a daily game", () => {
    renderWithIntl(<Harness />, { messages: en });
    fireEvent.click(screen.getByRole("radio", { name: "Custom" }));
    fireEvent.change(screen.getByLabelText("Minutes"), { target: { value: "20" } });
    fireEvent.change(screen.getByLabelText("Increment (seconds)"), { target: { value: "7" } });
    expect(submitted()).toMatchObject({ control: { kind: "live", baseSeconds: 1200, incrementSeconds: 7 } });

    fireEvent.click(screen.getByRole("radio", { name: "Daily" }));
    expect(screen.queryByLabelText("Minutes")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "7 days" }));
    expect(submitted()).toMatchObject({ control: { kind: "daily", daysPerMove: 7 } });
  });

  it("marks the wrong custom field and says why", () => {
    renderWithIntl(<Harness error="custom_minutes" />, { messages: en });
    fireEvent.click(screen.getByRole("radio", { name: "Custom" }));
    expect(screen.getByLabelText("Minutes").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Increment (seconds)").getAttribute("aria-invalid")).toBe("false");
    expect(screen.getByText("Minutes must be ½ or a whole number from 1 to 180.")).toBeTruthy();
  });

  it("disables daily and rated games for a guest", () => {
    renderWithIntl(<Harness isGuest withRange={false} />, { messages: en });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Daily" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Rated" }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Casual" }).disabled).toBe(false);
    expect(screen.queryByRole("group", { name: "Opponents" })).toBeNull();
  });

  it("shows the rating range only when limited", () => {
    renderWithIntl(<Harness />, { messages: en });
    expect(screen.queryByLabelText("Lowest")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Only opponents near my rating" }));
    expect(screen.getByLabelText<HTMLSelectElement>("Lowest").value).toBe("-300");
    expect(screen.getByLabelText<HTMLSelectElement>("Highest").value).toBe("300");
  });

  it("keeps the offline challenge to daily games", () => {
    renderWithIntl(<Harness dailyOnly />, { messages: en });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Live" }).disabled).toBe(true);
  });
});
