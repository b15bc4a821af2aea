import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import { englishMessages, renderWithIntl } from "../../../ui/test-utils.tsx";
import { createChallengeHandler } from "./challenge-handler.ts";
import { HumanCheckDialog } from "./human-check-dialog.tsx";
import type { HumanCheckOutcome, HumanCheckRunOptions } from "./human-check-run.ts";
import humanCheckMessages from "./messages/en.json";

const messages = { ...englishMessages, ...humanCheckMessages };

function setup() {
  const runs: { options: HumanCheckRunOptions; settle: (outcome: HumanCheckOutcome | Error) => void }[] = [];
  const run = vi.fn(
    (options: HumanCheckRunOptions) =>
      new Promise<HumanCheckOutcome>((resolve, reject) => {
        runs.push({ options, settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)) });
      }),
  );
  const handler = createChallengeHandler({ run, navigate: vi.fn(), currentLocation: () => ({ path: "/clubs", referrer: null }) });
  renderWithIntl(
    <AlertsProvider>
      <HumanCheckDialog handler={handler} />
      <AlertList />
    </AlertsProvider>,
    { messages },
  );
  return { handler, run, runs };
}

describe("the human-check dialog", () => {
  it("is not in the page until a request is challenged", () => {
    setup();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Check the box to proceed.")).toBeNull();
  });

  it("asks to check the box, shows the work's progress, and goes away when the check passes", async () => {
    const { handler, run, runs } = setup();
    const retry = vi.fn(async () => new Response("replayed"));
    let request: Promise<Response> = Promise.reject(new Error("not challenged"));
    request.catch(() => undefined);
    act(() => {
      request = handler.onChallenge(retry);
    });
    const dialog = screen.getByRole("dialog", { name: "Check the box to proceed." });
    expect(dialog).toBeTruthy();
    const box = screen.getByRole("checkbox", { name: "I am human" });
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(box);
    expect(run).toHaveBeenCalledTimes(1);
    act(() => runs[0]?.options.onProgress?.(0.42));
    expect(within(dialog).getByRole("status").textContent).toContain("Checking… 42%");
    expect(within(dialog).getByRole("progressbar")).toHaveProperty("value", 42);
    await act(async () => runs[0]?.settle("passed"));
    expect(await (await request).text()).toBe("replayed");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers another try after a widget error, and says so", async () => {
    const { handler, runs } = setup();
    act(() => void handler.onChallenge(vi.fn(async () => new Response("x"))).catch(() => undefined));
    fireEvent.click(screen.getByRole("checkbox", { name: "I am human" }));
    await act(async () => runs[0]?.settle(new Error("offline")));
    expect(within(screen.getByRole("dialog")).getByRole("alert").textContent).toBe("The check could not be completed. Please try again.");
    const box = screen.getByRole("checkbox", { name: "I am human" });
    expect(box).toHaveProperty("checked", false);
    expect(box).toHaveProperty("disabled", false);
  });

  it("rejects the waiting requests when closed", async () => {
    const { handler } = setup();
    let request: Promise<Response> = Promise.resolve(new Response());
    act(() => {
      request = handler.onChallenge(vi.fn(async () => new Response("x")));
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await expect(request).rejects.toMatchObject({ reason: "cancelled" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("toasts when it gives up after 3 widget errors", async () => {
    const { handler, runs } = setup();
    act(() => void handler.onChallenge(vi.fn(async () => new Response("x"))).catch(() => undefined));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      fireEvent.click(screen.getByRole("checkbox", { name: "I am human" }));
      await act(async () => runs[attempt]?.settle(new Error("offline")));
    }
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("The check could not be completed. Please try again later.")).toBeTruthy();
  });
});
