import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureClientMetrics } from "../../../platform/http/client-metrics.ts";
import { HttpClientProvider } from "../../../platform/http/http-client-context.tsx";
import { AlertList, AlertsProvider } from "../../../ui/alert.tsx";
import { FeatureFlagsContext } from "../../../ui/feature-flags-context.tsx";
import uiMessages from "../../../ui/messages/en.json";
import preferenceMessages from "./messages/en.json";
import { PreferencesPanel } from "./preferences-panel.tsx";
import type { ArchiveViewResponse } from "./preferences.schema.ts";
import { useOptimisticSetting } from "./use-optimistic-setting.ts";

const messages = { ...uiMessages, ...preferenceMessages, "error.bad_request": "Oops. Looks like there was an error. Sorry! Please refresh." };

/** A scripted server: each call waits for the test to answer it. */
function scriptedServer() {
  const calls: { url: string; body: unknown; answer: (response: Response) => void }[] = [];
  const fetchImpl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((resolve) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body ?? "null")), answer: resolve });
    });
  });
  return { calls, fetch: fetchImpl };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function Providers({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en" messages={parseMessages(messages)}>
      <FeatureFlagsContext.Provider value={{}}>
        <AlertsProvider>
          <HttpClientProvider>
            {children}
            <AlertList />
          </HttpClientProvider>
        </AlertsProvider>
      </FeatureFlagsContext.Provider>
    </IntlProvider>
  );
}

function renderPanel() {
  const Stub = createRoutesStub([
    {
      path: "/member/carla",
      Component: () => (
        <Providers>
          <PreferencesPanel archiveView="grid" homeContentType="following" fairPlayAgree={false} allowFriendRequests canChooseHomeContent />
        </Providers>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/member/carla"]} />);
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("PreferencesPanel and useOptimisticSetting", () => {
  let server: ReturnType<typeof scriptedServer>;

  beforeEach(() => {
    configureClientMetrics({ httpErrors: false });
    server = scriptedServer();
    vi.stubGlobal("fetch", server.fetch);
    document.cookie = "XSRF-TOKEN=tok123";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    configureClientMetrics({ httpErrors: true });
  });

  it("renders real forms that work without JavaScript", () => {
    const { container } = renderPanel();
    const forms = [...container.querySelectorAll("form")];
    expect(forms.map((form) => form.getAttribute("action"))).toEqual([
      "/callback/user/archive-view",
      "/callback/user/home-recent-content-type",
      "/callback/user/allow-friend-requests",
      "/callback/user/set-fair-play-agree/1",
    ]);
    expect(screen.getByRole("button", { name: "List" }).getAttribute("name")).toBe("archiveView");
    expect(container.querySelector('input[name="redirectUrl"]')?.getAttribute("value")).toBe("/member/carla");
  });

  it("applies a change at once and keeps it when the server accepts", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    expect(pressed("List")).toBe("true");
    expect(pressed("Grid")).toBe("false");
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.url).toBe("/callback/user/archive-view");
    expect(server.calls[0]?.body).toEqual({ archiveView: "list", _token: "tok123" });
    await act(async () => server.calls[0]?.answer(json(200, { status: "ok", archiveView: "list" })));
    expect(pressed("List")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("rolls back when the server refuses, and the client toasts the server's message", async () => {
    renderPanel();
    const fairPlaySwitch = () => screen.getByRole("switch", { name: "Fair Play agreement" });
    fireEvent.click(fairPlaySwitch());
    expect(fairPlaySwitch().getAttribute("aria-checked")).toBe("true");
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.url).toBe("/callback/user/set-fair-play-agree/1");
    await act(async () => server.calls[0]?.answer(json(422, { code: "validation_failed", message: "Refused by the server." })));
    await waitFor(() => expect(fairPlaySwitch().getAttribute("aria-checked")).toBe("false"));
    expect(screen.getByRole("alert").textContent).toContain("Refused by the server.");
  });

  it("turns friend requests off at once and saves it", async () => {
    renderPanel();
    const friendRequests = () => screen.getByRole("switch", { name: "Friend requests" });
    expect(friendRequests().getAttribute("aria-checked")).toBe("true");
    fireEvent.click(friendRequests());
    expect(friendRequests().getAttribute("aria-checked")).toBe("false");
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.url).toBe("/callback/user/allow-friend-requests");
    expect(server.calls[0]?.body).toEqual({ allow: 0, _token: "tok123" });
    await act(async () => server.calls[0]?.answer(json(200, { status: "ok", allowFriendRequests: false })));
    expect(friendRequests().getAttribute("aria-checked")).toBe("false");
  });

  it("rolls back on a network failure too", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "My activity" }));
    expect(pressed("My activity")).toBe("true");
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => server.calls[0]?.answer(json(500, {})));
    await waitFor(() => expect(pressed("Following")).toBe("true"));
  });

  it("lets the newest change decide: an older failure does not undo it", async () => {
    function Probe() {
      const setting = useOptimisticSetting("grid", (client, next: string) => client.post<ArchiveViewResponse>("/callback/user/archive-view", { archiveView: next }));
      return (
        <>
          <output>{setting.value}</output>
          <button type="button" onClick={() => void setting.change("list")}>list</button>
          <button type="button" onClick={() => void setting.change("grid")}>grid</button>
        </>
      );
    }
    const { container } = render(
      <Providers>
        <Probe />
      </Providers>,
    );
    const shown = () => container.querySelector("output")?.textContent;
    fireEvent.click(screen.getByRole("button", { name: "list" }));
    fireEvent.click(screen.getByRole("button", { name: "grid" }));
    fireEvent.click(screen.getByRole("button", { name: "list" }));
    await waitFor(() => expect(server.calls).toHaveLength(3));
    await act(async () => server.calls[0]?.answer(json(422, { message: "no" })));
    expect(shown()).toBe("list");
    await act(async () => server.calls[2]?.answer(json(200, { status: "ok", archiveView: "list" })));
    await act(async () => server.calls[1]?.answer(json(422, { message: "no" })));
    expect(shown()).toBe("list");
  });
});
