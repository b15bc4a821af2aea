import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import httpMessages from "../../../platform/http/messages/en.json";
import { HttpClientProvider } from "../../../platform/http/http-client-context.tsx";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import uiMessages from "../../../ui/messages/en.json";
import { noRelationship } from "../social.schema.ts";
import { CardActionBar } from "./card-action-bar.tsx";
import { alice, bobCard } from "./card-fixtures.test-kit.ts";
import cardMessages from "./messages/en.json";
import type { CardUser } from "./user-card.schema.ts";

const messages = { ...uiMessages, ...httpMessages, ...cardMessages };
const bob = bobCard({ firstName: null, lastName: null, lastLoginDate: null, statusText: null, canReceiveGiftMembership: false, counts: { friends: 0, followers: 0, following: 0 } });

/** The server's answer to the mute call, given when the test says so. */
function heldMuteAnswer() {
  let answer: (status: number, body: unknown) => void = () => undefined;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${String(input)}`);
      return new Promise<Response>((resolve) => {
        answer = (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
      });
    }),
  );
  return { calls, answer: (status: number, body: unknown) => act(async () => answer(status, body)) };
}

/** The bar as the card shows it; `reload` stands for the card's reload after an action (the card then has the server's state). */
function renderBar(reloaded: CardUser) {
  const onDone = vi.fn();
  function Harness() {
    const [card, setCard] = useState(bob);
    return (
      <CardActionBar
        viewer={alice}
        card={card}
        gameLink={null}
        onDone={() => {
          onDone();
          setCard(reloaded);
        }}
      />
    );
  }
  const Stub = createRoutesStub([{ path: "/", Component: Harness }]);
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(messages)}>
      <AlertsProvider>
        <HttpClientProvider>
          <Stub initialEntries={["/"]} />
        </HttpClientProvider>
        <AlertList />
      </AlertsProvider>
    </IntlProvider>,
  );
  return onDone;
}

async function confirmMute() {
  fireEvent.click(screen.getByRole("button", { name: "Mute" }));
  // The spec's confirmation: "Are you sure?", then the action's own label confirms.
  expect(screen.getByText("Are you sure?")).toBeTruthy();
  const buttons = screen.getAllByRole("button", { name: "Mute" });
  await act(async () => {
    fireEvent.click(buttons[buttons.length - 1] ?? document.body);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Mute on the card's action bar", () => {
  it("shows the member muted at once, before the server answers, and keeps it when the server agrees", async () => {
    const server = heldMuteAnswer();
    const onDone = renderBar({ ...bob, isMuted: true });
    await confirmMute();
    expect(server.calls).toEqual(["POST /callback/member/bob/mute-account"]);
    // Not answered yet: already Unmute, with the line saying so.
    expect(screen.getByRole("button", { name: "Unmute" })).toBeTruthy();
    expect(screen.getByText("You muted bob: their chat messages stay hidden from you.")).toBeTruthy();
    await server.answer(200, { status: "ok", relationship: { ...noRelationship, isMuted: true }, message: "Member muted." });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Member muted.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unmute" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mute" })).toBeNull();
  });

  it("rolls back to Mute, and shows the server's refusal, when the server refuses", async () => {
    const server = heldMuteAnswer();
    renderBar(bob);
    await confirmMute();
    expect(screen.getByRole("button", { name: "Unmute" })).toBeTruthy();
    await server.answer(403, { code: "account_closed", message: "This account is closed." });
    expect(screen.getByText("This account is closed.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mute" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unmute" })).toBeNull();
    expect(screen.queryByText(/You muted bob/)).toBeNull();
  });
});
