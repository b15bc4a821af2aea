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
import socialNotificationMessages from "../../social/notifications/messages/en.json";
import { socialNotificationViews } from "../../social/notifications/social-notifications.ts";
import notificationMessages from "../messages/en.json";
import type { NotificationItem } from "../notifications.schema.ts";
import { NotificationBell, unreadBadgeText } from "./notification-bell.tsx";
import { NotificationsProvider } from "./notifications-context.tsx";
import { requestUrl } from "../../../test/fetch-input.ts";

const messages = { ...uiMessages, ...httpMessages, ...notificationMessages, ...socialNotificationMessages };

const request = (id: number, from: string, read = false): NotificationItem => ({ id, type: "social.friend_request", payload: { from }, createdAt: new Date().toISOString(), read });

interface Call {
  readonly method: string;
  readonly url: string;
}

/** A fetch that answers the bell's calls from `state` and remembers every call. */
function fakeServer(state: { unread: number; notifications: NotificationItem[] }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const call = { method: init?.method ?? "GET", url: requestUrl(input) };
      calls.push(call);
      const reply = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
      if (call.url === "/callback/notifications/unread") return reply({ unread: state.unread });
      if (call.url.startsWith("/callback/notifications?")) return reply({ notifications: state.notifications, unread: state.unread, total: state.notifications.length, page: 1, pageSize: 6 });
      if (call.method === "POST" && /^\/callback\/notifications\/\d+\/read$/.test(call.url)) {
        state.unread = Math.max(0, state.unread - 1);
        return reply({ status: "ok", unread: state.unread });
      }
      if (call.method === "POST" && call.url === "/callback/notifications/read-all") {
        state.unread = 0;
        return reply({ status: "ok", unread: 0 });
      }
      if (call.method === "PUT" && call.url === "/callback/friend/alice/accept") return reply({ status: "ok", relationship: {}, message: "Friend request accepted." });
      return reply({ code: "not_found", message: "Not found" }, 404);
    }),
  );
  return calls;
}

/** A socket hub that confirms subscriptions at once and lets the test push events into the member's room. */
function fakeSocket() {
  const handlers = new Map<string, (event: RealtimeEvent) => void>();
  const hub: SocketHub = {
    command: fakeCommands().command,
    subscribe(room, handler, options) {
      handlers.set(room, handler);
      queueMicrotask(() => options?.onSubscribed?.());
      return () => handlers.delete(room);
    },
  };
  return {
    hub,
    rooms: () => [...handlers.keys()],
    push(room: string, type: string, payload: unknown) {
      act(() => handlers.get(room)?.({ room, type, payload }));
    },
  };
}

function renderBell(options: { member: boolean; socket: ReturnType<typeof fakeSocket> }) {
  const currentUser = options.member ? { isLoggedIn: true, isMember: true, id: 7, username: "bob" } : { isLoggedIn: false, isMember: false, id: null, username: "" };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ currentUser }),
      HydrateFallback: () => null,
      Component: () => (
        <AlertsProvider>
          <HttpClientProvider>
            <SocketProvider hub={options.socket.hub}>
              <NotificationsProvider types={socialNotificationViews}>
                <header>
                  <NotificationBell />
                </header>
              </NotificationsProvider>
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
}

/** The bell under `name`; the first render of a file loads the router and the catalog, hence the generous wait. */
const findBell = (name: string) => screen.findByRole("button", { name }, { timeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the notification bell", () => {
  it("shows the unread count the server gives once the member's room is joined, and keeps it live", async () => {
    fakeServer({ unread: 2, notifications: [] });
    const socket = fakeSocket();
    renderBell({ member: true, socket });
    const bell = await findBell("Notifications: 2 unread notifications");
    expect(within(bell).getByTestId("bell-count").textContent).toBe("2");
    expect(socket.rooms()).toEqual(["user:7"]);

    socket.push("user:7", "notification.added", { notification: request(11, "carla"), unread: 3 });
    expect(await findBell("Notifications: 3 unread notifications")).toBeTruthy();
    socket.push("user:7", "notification.read", { ids: null, unread: 0 });
    expect(await findBell("Notifications")).toBeTruthy();
    expect(screen.queryByTestId("bell-count")).toBeNull();
    // An event of another feature changes nothing. (A malformed one never arrives: the hub checks every payload, hub.test.ts.)
    socket.push("user:7", "friend.request", { from: "carla" });
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("opens a panel of the latest, where a friend request is accepted right there", async () => {
    const calls = fakeServer({ unread: 1, notifications: [request(5, "alice"), request(4, "dora", true)] });
    renderBell({ member: true, socket: fakeSocket() });
    const bell = await findBell("Notifications: 1 unread notification");
    fireEvent.click(bell);
    expect(bell.getAttribute("aria-expanded")).toBe("true");
    const panel = screen.getByRole("region", { name: "Notifications" });
    const entry = await within(panel).findByTestId("notification-5");
    expect(within(entry).getByRole("link", { name: "alice sent you a friend request" }).getAttribute("href")).toBe("/member/alice");
    expect(within(panel).getByTestId("notification-4").hasAttribute("data-unread")).toBe(false);

    fireEvent.click(within(entry).getByRole("button", { name: "Accept" }));
    expect(await within(entry).findByText("You are now friends.")).toBeTruthy();
    expect(calls).toContainEqual({ method: "PUT", url: "/callback/friend/alice/accept" });
    expect(calls).toContainEqual({ method: "POST", url: "/callback/notifications/5/read" });
    expect(await findBell("Notifications")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "See all notifications" }).getAttribute("href")).toBe("/notifications");
  });

  it("takes a withdrawn notice out of the panel and the count, live", async () => {
    fakeServer({ unread: 2, notifications: [request(5, "alice"), request(4, "dora")] });
    const socket = fakeSocket();
    renderBell({ member: true, socket });
    fireEvent.click(await findBell("Notifications: 2 unread notifications"));
    const panel = screen.getByRole("region", { name: "Notifications" });
    await within(panel).findByTestId("notification-5");

    socket.push("user:7", "notification.removed", { ids: [5], unread: 1 });
    expect(await findBell("Notifications: 1 unread notification")).toBeTruthy();
    expect(within(panel).queryByTestId("notification-5")).toBeNull();
    expect(within(panel).getByTestId("notification-4")).toBeTruthy();
  });

  it("closes on Escape and gives the focus back to the bell", async () => {
    fakeServer({ unread: 0, notifications: [] });
    renderBell({ member: true, socket: fakeSocket() });
    const bell = await findBell("Notifications");
    fireEvent.click(bell);
    const panel = screen.getByRole("region", { name: "Notifications" });
    expect(await within(panel).findByText(/Nothing new/)).toBeTruthy();
    fireEvent.keyDown(within(panel).getByRole("link", { name: "See all notifications" }), { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it("marks all read from the panel", async () => {
    const calls = fakeServer({ unread: 2, notifications: [request(9, "alice"), request(8, "carla")] });
    renderBell({ member: true, socket: fakeSocket() });
    fireEvent.click(await findBell("Notifications: 2 unread notifications"));
    const panel = screen.getByRole("region", { name: "Notifications" });
    await within(panel).findByTestId("notification-9");
    fireEvent.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    expect(await findBell("Notifications")).toBeTruthy();
    expect(calls).toContainEqual({ method: "POST", url: "/callback/notifications/read-all" });
    expect(within(panel).getByTestId("notification-9").hasAttribute("data-unread")).toBe(false);
  });

  it("is not there for visitors who are not signed in, and asks nothing", async () => {
    const calls = fakeServer({ unread: 0, notifications: [] });
    const socket = fakeSocket();
    renderBell({ member: false, socket });
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: /Notifications/ })).toBeNull();
    expect(socket.rooms()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("caps the badge at 99+", () => {
    expect(unreadBadgeText(7)).toBe("7");
    expect(unreadBadgeText(100)).toBe("99+");
  });
});
