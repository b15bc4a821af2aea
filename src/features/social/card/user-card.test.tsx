import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import httpMessages from "../../../platform/http/messages/en.json";
import { HttpClientProvider } from "../../../platform/http/http-client-context.tsx";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import { FeatureFlagsContext } from "../../../ui/feature-flags-context.tsx";
import uiMessages from "../../../ui/messages/en.json";
import { MemberName } from "./member-name.tsx";
import membersMessages from "../../members/messages/en.json";
import profileMessages from "../../members/profile/messages/en.json";
import socialMessages from "../messages/en.json";
import { alice, bobCard } from "./card-fixtures.test-kit.ts";
import cardMessages from "./messages/en.json";
import { subscribePopoverEvents, type PopoverEvent } from "./popover-events.ts";
import type { CardUser } from "./user-card.schema.ts";
import { HIDE_DELAY_MS, preloadUserCard, UserCardProvider } from "./user-card-provider.tsx";
import { requestUrl } from "../../../test/fetch-input.ts";

vi.mock("./presence-adapter.ts", () => ({ useMemberPresence: () => null }));

const messages = { ...uiMessages, ...httpMessages, ...membersMessages, ...profileMessages, ...socialMessages, ...cardMessages };


interface Call {
  readonly method: string;
  readonly url: string;
}

type Answer = { status: number; body: unknown } | "never";
type Script = (call: Call) => Answer;

/** A fetch that answers by script and remembers every call. */
function scriptedFetch(script: Script) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = { method: init?.method ?? "GET", url: requestUrl(input) };
    calls.push(call);
    const answer = script(call);
    if (answer === "never") return new Promise<Response>(() => undefined);
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function friendly(card: () => CardUser): Script {
  return ({ method, url }) => {
    if (url.startsWith("/callback/user/popup/")) return { status: 200, body: { user: card() } };
    if (url.startsWith("/callback/user/lifetime-score/")) return { status: 200, body: { win: 2, lose: 1, draw: 3 } };
    if (method === "POST" && url === "/callback/member/bob/block") return { status: 200, body: { status: "ok", relationship: {}, message: "Member blocked." } };
    if (method === "DELETE" && url === "/callback/friend/bob/delete") return { status: 200, body: { status: "ok", relationship: {}, message: "Friend removed." } };
    if (method === "POST" && url === "/callback/friend/bob/request") return { status: 200, body: { status: "ok", relationship: {}, message: "Friend request sent." } };
    return { status: 404, body: { code: "not_found", message: "Not found" } };
  };
}

function Page({ children }: { children: ReactNode }) {
  return (
    <FeatureFlagsContext value={{ user_popover_events: true, membership_badges: true, web_flair_rpc: true }}>
      <AlertsProvider>
        <HttpClientProvider>
          <UserCardProvider viewer={alice}>
            <p>Outside the card</p>
            {children}
          </UserCardProvider>
          <AlertList />
        </HttpClientProvider>
      </AlertsProvider>
    </FeatureFlagsContext>
  );
}

function renderNames(names: readonly string[] = ["bob"]) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Page>
          <ul>
            {names.map((username) => (
              <li key={username}>
                <MemberName member={{ username, countryCode: "DE", chessTitle: null }} />
              </li>
            ))}
          </ul>
        </Page>
      ),
    },
  ]);
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages(messages)}>
      <Stub initialEntries={["/"]} />
    </IntlProvider>,
  );
  return screen.getByRole("link", { name: names[0] });
}

/** Lets fetches, the lazy chunk and React settle (fake timers moved by `ms`). */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

function card() {
  return screen.getByRole("dialog", { name: "Member card: bob" });
}

let events: PopoverEvent[] = [];
let stopEvents: () => void = () => undefined;

beforeAll(async () => {
  // The chunk is loaded once here, as a browser would have it cached after the first card.
  await preloadUserCard();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  events = [];
  stopEvents = subscribePopoverEvents((event) => events.push(event));
});

afterEach(() => {
  stopEvents();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the user card", () => {
  it("opens on a click of a username, instead of following the link, and shows the member", async () => {
    const calls = scriptedFetch(friendly(() => bobCard()));
    const link = renderNames();
    expect(link.getAttribute("aria-haspopup")).toBe("dialog");
    expect(link.getAttribute("aria-expanded")).toBe("false");
    const followed = fireEvent.click(link);
    expect(followed).toBe(false);
    await settle();
    const dialog = card();
    expect(link.getAttribute("aria-expanded")).toBe("true");
    expect(link.getAttribute("aria-controls")).toBe(dialog.id);
    expect(within(dialog).getByRole("heading", { name: /bob/ })).toBeTruthy();
    expect(dialog.textContent).toContain("Sicilian all day");
    expect(dialog.textContent).toContain("No rated games yet");
    expect(within(dialog).getByLabelText("2 wins, 3 draws, 1 losses")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Add friend" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Challenge" }).getAttribute("href")).toBe("/play/online/new?opponent=bob");
    expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining(["/callback/user/popup/bob", "/callback/user/lifetime-score/alice/bob"]));
    // Opened by click: focus moves into the card; Escape closes it and gives focus back.
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it("shows at most three ratings, most played first, a provisional one with a '?'", async () => {
    const ratings = [
      { type: "blitz", rating: 1712, provisional: false, games: 40, best: 1750 },
      { type: "rapid", rating: 1650, provisional: false, games: 20, best: 1660 },
      { type: "live960", rating: 1480, provisional: true, games: 3, best: 1520 },
      { type: "daily", rating: 1500, provisional: true, games: 1, best: 1510 },
    ];
    scriptedFetch(friendly(() => bobCard({ ratings, rating: 1712, ratingType: "blitz", bestRating: 1750, bestRatingType: "blitz" })));
    fireEvent.click(renderNames());
    await settle();
    const list = card().querySelector<HTMLElement>(".ks-user-card-rating-list");
    if (!list) throw new Error("no rating list");
    const items = within(list).getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual(["Blitz 1,712", "Rapid 1,650", "Live Chess960 1,480?"]);
    expect(within(card()).getByLabelText("1,480? — provisional rating: too few games to be reliable yet")).toBeTruthy();
  });

  it("opens after a short hover and hides 500 ms after the pointer leaves, not while it is over the card", async () => {
    expect(HIDE_DELAY_MS).toBe(500);
    scriptedFetch(friendly(() => bobCard()));
    const link = renderNames();
    fireEvent.pointerEnter(link);
    await settle(100);
    expect(screen.queryByRole("dialog")).toBeNull();
    await settle(300);
    expect(card()).toBeTruthy();
    // A hovered card leaves focus where it was.
    expect(card().contains(document.activeElement)).toBe(false);

    fireEvent.pointerLeave(link);
    await settle(HIDE_DELAY_MS - 100);
    fireEvent.pointerEnter(card());
    await settle(HIDE_DELAY_MS * 2);
    expect(card()).toBeTruthy();

    fireEvent.pointerLeave(card());
    await settle(HIDE_DELAY_MS - 1);
    expect(card()).toBeTruthy();
    await settle(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(events.map((event) => event.type)).toEqual(["opened", "closed_without_action"]);
  });

  it("shows the loader only after 500 ms of loading", async () => {
    scriptedFetch(() => "never");
    const link = renderNames();
    fireEvent.click(link);
    await settle(499);
    expect(card()).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();
    await settle(1);
    expect(within(card()).getByRole("status").textContent).toContain("Loading...");
  });

  it("says 'Member name does not exist' for an unknown name", async () => {
    scriptedFetch(() => ({ status: 404, body: { code: "not_found", message: "Member name does not exist" } }));
    renderNames(["nobody-here"]);
    fireEvent.click(screen.getByRole("link", { name: "nobody-here" }));
    await settle();
    const dialog = screen.getByRole("dialog", { name: "Member card: nobody-here" });
    expect(dialog.textContent).toContain("Member name does not exist");
    // The card's own failure is not an error toast.
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks before blocking, then blocks, shows the server's message and reloads", async () => {
    let blocked = false;
    const calls = scriptedFetch(friendly(() => bobCard({ isBlocked: blocked })));
    renderNames();
    fireEvent.click(screen.getByRole("link", { name: "bob" }));
    await settle();
    fireEvent.click(within(card()).getByRole("button", { name: "Block" }));
    const question = within(card()).getByRole("dialog", { name: "Are you sure you want to block this user?" });
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    blocked = true;
    fireEvent.click(within(question).getByRole("button", { name: "Block" }));
    await settle();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual(["/callback/member/bob/block"]);
    expect(calls.filter((call) => call.url === "/callback/user/popup/bob")).toHaveLength(2);
    expect(screen.getByText("Member blocked.")).toBeTruthy();
    expect(within(card()).getByRole("button", { name: "Unblock" })).toBeTruthy();
    expect(within(card()).queryByRole("button", { name: "Add friend" })).toBeNull();
    // An action was clicked: closing is not a close without action.
    fireEvent.pointerDown(screen.getByText("Outside the card"));
    expect(screen.queryByRole("dialog", { name: "Member card: bob" })).toBeNull();
    expect(events.map((event) => event.type)).toEqual(["opened", "action"]);
  });

  it("asks before removing a friend, and does nothing when cancelled", async () => {
    const calls = scriptedFetch(friendly(() => bobCard({ areFriends: true })));
    renderNames();
    fireEvent.click(screen.getByRole("link", { name: "bob" }));
    await settle();
    expect(within(card()).queryByRole("button", { name: "Add friend" })).toBeNull();
    fireEvent.click(within(card()).getByRole("button", { name: "Remove friend" }));
    const question = within(card()).getByRole("dialog", { name: "Are you sure you want to remove this friend from your list?" });
    fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(within(card()).getByRole("button", { name: "Remove friend" }));
    const again = within(card()).getByRole("dialog", { name: "Are you sure you want to remove this friend from your list?" });
    fireEvent.click(within(again).getByRole("button", { name: "Remove friend" }));
    await settle();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.url)).toEqual(["/callback/friend/bob/delete"]);
    expect(screen.getByText("Friend removed.")).toBeTruthy();
  });

  it("hides on a click outside and on scroll, recording the close without action", async () => {
    scriptedFetch(friendly(() => bobCard()));
    const link = renderNames();
    fireEvent.click(link);
    await settle();
    fireEvent.pointerDown(within(card()).getByRole("heading", { name: /bob/ }));
    expect(card()).toBeTruthy();
    fireEvent.pointerDown(screen.getByText("Outside the card"));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(link);
    await settle();
    // A scroll the page finished before the card opened (reported a frame late) leaves it open ...
    fireEvent.scroll(window);
    expect(card()).toBeTruthy();
    // ... a real scroll of the page closes it.
    const scrollY = Object.getOwnPropertyDescriptor(window, "scrollY");
    Object.defineProperty(window, "scrollY", { configurable: true, value: 120 });
    try {
      fireEvent.scroll(window);
    } finally {
      if (scrollY) Object.defineProperty(window, "scrollY", scrollY);
    }
    expect(screen.queryByRole("dialog")).toBeNull();

    // So does the scroll of any scrolling box outside the card.
    fireEvent.click(link);
    await settle();
    fireEvent.scroll(screen.getByText("Outside the card"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(events.filter((event) => event.type === "closed_without_action")).toHaveLength(3);
  });

  it("follows the link on a second click of the open card's name", async () => {
    scriptedFetch(friendly(() => bobCard()));
    const link = renderNames();
    expect(fireEvent.click(link)).toBe(false);
    await settle();
    expect(fireEvent.click(link)).toBe(true);
  });
});
