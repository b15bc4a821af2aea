import { screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "../../../ui/test-utils.tsx";
import messages from "./messages/en.json";
import { HumanCheckPassedNotice, withHumanCheckPassed } from "./human-check-passed.tsx";

describe("withHumanCheckPassed", () => {
  it("marks a path, keeping its query and fragment", () => {
    expect(withHumanCheckPassed("/register")).toBe("/register?human_check=passed");
    expect(withHumanCheckPassed("/es/register?username=ana&email=ana%40example.com#form")).toBe("/es/register?username=ana&email=ana%40example.com&human_check=passed#form");
  });

  it("marks an absolute URL on the main host (from the verify subdomain) and keeps it absolute", () => {
    expect(withHumanCheckPassed("https://kingside.test/register?country=NL")).toBe("https://kingside.test/register?country=NL&human_check=passed");
  });
});

describe("HumanCheckPassedNotice", () => {
  function renderAt(path: string) {
    function Form() {
      return (
        <form aria-label="Sign up">
          <HumanCheckPassedNotice />
        </form>
      );
    }
    const Stub = createRoutesStub([{ path: "/register", Component: Form }]);
    return renderWithIntl(<Stub initialEntries={[path]} />, { messages });
  }

  it("says the check passed when the page was reached with the mark", async () => {
    renderAt("/register?username=ana&human_check=passed");
    expect((await screen.findByRole("status")).textContent).toBe(messages["human_check.passed_notice"]);
  });

  it("says nothing otherwise", async () => {
    renderAt("/register?username=ana&human_check=failed");
    expect((await screen.findByRole("form", { name: "Sign up" })).textContent).toBe("");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
