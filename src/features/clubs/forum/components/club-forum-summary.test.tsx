import { renderClubText } from "../club-markdown.server.ts";
import { render, screen } from "@testing-library/react";
import { IntlProvider } from "../../../../platform/i18n/intl.tsx";
import { parseMessages } from "../../../../platform/i18n/parse-messages.ts";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import uiMessages from "../../../../ui/messages/en.json";
import notesMessages from "../../notes/messages/en.json";
import forumMessages from "../messages/en.json";
import { ClubForumSummary, type ClubForumSummaryProps } from "./club-forum-summary.tsx";

function renderSummary(props: ClubForumSummaryProps) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ClubForumSummary {...props} /> }]);
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={parseMessages({ ...uiMessages, ...forumMessages, ...notesMessages })}>
      <Stub initialEntries={["/"]} />
    </IntlProvider>,
  );
}

describe("the club page's notes and forum summary", () => {
  it("shows the newest note and the latest topics with links to their pages", async () => {
    renderSummary({
      clubUrl: "kings",
      note: { id: 1, author: "alice", html: renderClubText("Match on **Sunday**").html, createdAt: new Date() },
      topics: [{ id: 42, title: "Lineup", path: "kings/42-lineup", replyCount: 3, lastPostAt: new Date() }],
    });
    expect(await screen.findByRole("heading", { name: "Latest note" })).toBeTruthy();
    expect(screen.getByText("Sunday").tagName).toBe("STRONG");
    expect(screen.getByText("By alice")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lineup" }).getAttribute("href")).toBe("/clubs/forum/view/kings/42-lineup");
    expect(screen.getByText(/3 replies/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forum" }).getAttribute("href")).toBe("/clubs/forum/kings");
    expect(screen.getByRole("link", { name: "Notes" }).getAttribute("href")).toBe("/club/notes/kings");
  });

  it("says so when there is nothing yet", async () => {
    renderSummary({ clubUrl: "kings", note: null, topics: [] });
    expect(await screen.findByText("No notes yet.")).toBeTruthy();
    expect(screen.getByText("No topics yet.")).toBeTruthy();
  });
});
