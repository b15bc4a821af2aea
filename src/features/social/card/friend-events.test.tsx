import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import httpMessages from "../../../platform/http/messages/en.json";
import { HttpClientProvider } from "../../../platform/http/http-client-context.tsx";
import type { RealtimeEvent } from "../../../platform/realtime/protocol.ts";
import { fakeCommands } from "../../../platform/realtime/socket-fakes.fixture.ts";
import { SocketProvider, type SocketHub } from "../../../platform/realtime/socket-provider.tsx";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import uiMessages from "../../../ui/messages/en.json";
import notificationMessages from "../notifications/messages/en.json";
import cardMessages from "./messages/en.json";
import { FriendEventsProvider } from "./friend-events.tsx";
import { useFriendEvents, type FriendEvent } from "./friend-events-hub.ts";
import { requestUrl } from "../../../test/fetch-input.ts";

const messages = { ...uiMessages, ...httpMessages, ...cardMessages, ...notificationMessages };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLayer(heard: FriendEvent[]) {
  let push: (event: RealtimeEvent) => void = () => undefined;
  const hub: SocketHub = {
    command: fakeCommands().command,
    subscribe(_room, handler) {
      push = handler;
      return () => undefined;
    },
  };
  function Listener() {
    useFriendEvents((event) => heard.push(event));
    return null;
  }
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AlertsProvider>
          <HttpClientProvider>
            <SocketProvider hub={hub}>
              <FriendEventsProvider memberId={7}>
                <Listener />
              </FriendEventsProvider>
            </SocketProvider>
            <AlertList />
          </HttpClientProvider>
        </AlertsProvider>
      ),
    },
  ]);
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(messages)}>
      <Stub initialEntries={["/"]} />
    </IntlProvider>,
  );
  return (type: string, from: string) => act(() => push({ room: "user:7", type, payload: { from } }));
}

describe("the live friend request toast", () => {
  it("accepts the request from the toast, and links to the member", async () => {
    const calls: { method: string; url: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ method: init?.method ?? "GET", url: requestUrl(input) });
        return Promise.resolve(new Response(JSON.stringify({ status: "ok", relationship: {} }), { status: 200, headers: { "content-type": "application/json" } }));
      }),
    );
    const heard: FriendEvent[] = [];
    const push = renderLayer(heard);
    push("friend.request", "alice");
    const toast = (await screen.findByText("alice sent you a friend request", {}, { timeout: 5000 })).closest(".ks-alert");
    if (!(toast instanceof HTMLElement)) throw new Error("no toast");
    expect(within(toast).getByRole("link", { name: "View profile" }).getAttribute("href")).toBe("/member/alice");

    fireEvent.click(within(toast).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("You are now friends.")).toBeTruthy();
    expect(calls).toEqual([{ method: "PUT", url: "/callback/friend/alice/accept" }]);
    expect(heard.map((event) => event.type)).toEqual(["friend.request", "friend.accepted"]);
  });

  it("offers only the link when a request was accepted", async () => {
    const push = renderLayer([]);
    push("friend.accepted", "bob");
    const toast = (await screen.findByText("bob accepted your friend request", {}, { timeout: 5000 })).closest(".ks-alert");
    if (!(toast instanceof HTMLElement)) throw new Error("no toast");
    expect(within(toast).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(within(toast).getByRole("link", { name: "View profile" })).toBeTruthy();
  });
});
