import { act, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "../../platform/i18n/intl.tsx";
import { parseMessages } from "../../platform/i18n/parse-messages.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import httpMessages from "../../platform/http/messages/en.json";
import { HttpClientProvider } from "../../platform/http/http-client-context.tsx";
import { AlertsProvider } from "../../ui/alert.tsx";
import uiMessages from "../../ui/messages/en.json";
import { useMemberRowCall } from "./use-member-row-call.ts";

/** Answers every call with `status`, once the test lets it. */
function heldAnswer(status: number) {
  let release: () => void = () => undefined;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${String(input)}`);
      return new Promise<Response>((resolve) => {
        release = () => resolve(new Response(JSON.stringify({ code: "x", message: "refused" }), { status, headers: { "content-type": "application/json" } }));
      });
    }),
  );
  return { calls, release: () => act(async () => release()) };
}

function Row({ onChanged }: { onChanged: () => void }) {
  const { busy, done, run } = useMemberRowCall<"unblock">(onChanged);
  return (
    <button type="button" disabled={busy} onClick={() => void run("POST", "/callback/member/bob/unblock", "unblock")}>
      {done ?? "Unblock"}
    </button>
  );
}

function renderRow(onChanged: () => void) {
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages({ ...uiMessages, ...httpMessages })}>
      <AlertsProvider>
        <HttpClientProvider>
          <Row onChanged={onChanged} />
        </HttpClientProvider>
      </AlertsProvider>
    </IntlProvider>,
  );
}

describe("a call from a member list's row", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is busy while the call runs, then shows its outcome and refreshes the list", async () => {
    const server = heldAnswer(200);
    const onChanged = vi.fn();
    renderRow(onChanged);
    fireEvent.click(screen.getByRole("button", { name: "Unblock" }));
    expect(screen.getByRole("button").hasAttribute("disabled")).toBe(true);
    await server.release();
    expect(server.calls).toEqual(["POST /callback/member/bob/unblock"]);
    expect(screen.getByRole("button", { name: "unblock" }).hasAttribute("disabled")).toBe(false);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("leaves the row as it was when the server refuses", async () => {
    const server = heldAnswer(422);
    const onChanged = vi.fn();
    renderRow(onChanged);
    fireEvent.click(screen.getByRole("button", { name: "Unblock" }));
    await server.release();
    expect(screen.getByRole("button", { name: "Unblock" }).hasAttribute("disabled")).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
