import { fireEvent, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { describe, expect, it, vi } from "vitest";
import { Pagination, type PaginationProps } from "./pagination.tsx";
import { englishMessages, renderWithIntl } from "./test-utils.tsx";

const hrefForPage = (page: number) => (page === 1 ? "/leaderboard/live" : `/leaderboard/live?page=${page}`);

function renderPagination(props: Partial<PaginationProps> & Pick<PaginationProps, "currentPage">) {
  return renderWithIntl(<Pagination hrefForPage={hrefForPage} {...props} />);
}

function pageNumbers(): string[] {
  const nav = screen.getByRole("navigation", { name: "Pagination" });
  return within(nav)
    .getAllByRole("link")
    .filter((link) => /^Page /.test(link.getAttribute("aria-label") ?? ""))
    .map((link) => link.textContent ?? "");
}

describe("Pagination", () => {
  it("is a labelled navigation with plain links and the current page marked", () => {
    renderPagination({ currentPage: 5, totalPages: 10, totalResultsCount: 487 });
    expect(pageNumbers()).toEqual(["1", "4", "5", "6", "7", "10"]);
    const current = screen.getByRole("link", { name: "Page 5" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Page 4" }).hasAttribute("aria-current")).toBe(false);
    expect(screen.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/leaderboard/live");
    expect(screen.getByRole("link", { name: /Next/ }).getAttribute("href")).toBe("/leaderboard/live?page=6");
    expect(screen.getByRole("link", { name: /Previous/ }).getAttribute("href")).toBe("/leaderboard/live?page=4");
    expect(screen.getByText("487 results")).not.toBeNull();
  });

  it("disables previous on the first page: not a link, aria-disabled", () => {
    renderPagination({ currentPage: 1, totalPages: 10 });
    expect(screen.queryByRole("link", { name: /Previous/ })).toBeNull();
    const previous = screen.getByText("Previous").closest("[aria-disabled]");
    expect(previous?.getAttribute("aria-disabled")).toBe("true");
    expect(previous?.hasAttribute("href")).toBe(false);
    expect(screen.getByRole("link", { name: /Next/ })).not.toBeNull();
  });

  it("disables next on the last page", () => {
    renderPagination({ currentPage: 10, totalPages: 10 });
    expect(screen.queryByRole("link", { name: /Next/ })).toBeNull();
    expect(screen.getByText("Next").closest("[aria-disabled]")?.getAttribute("aria-disabled")).toBe("true");
    expect(pageNumbers()).toEqual(["1", "7", "8", "9", "10"]);
  });

  it("hides itself in has-more mode on page 1 with no more results", () => {
    renderPagination({ currentPage: 1, morePages: false });
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows in has-more mode when more results exist, next enabled", () => {
    renderPagination({ currentPage: 1, morePages: true });
    expect(pageNumbers()).toEqual(["1", "2"]);
    expect(screen.getByRole("link", { name: /Next/ }).getAttribute("href")).toBe("/leaderboard/live?page=2");
  });

  it("disables next in has-more mode when nothing more comes", () => {
    renderPagination({ currentPage: 3, morePages: false });
    expect(screen.queryByRole("link", { name: /Next/ })).toBeNull();
    expect(pageNumbers()).toEqual(["1", "2", "3"]);
  });

  it("calls onPageChange instead of navigating on a plain click, but not on a modified click", () => {
    const onPageChange = vi.fn();
    renderPagination({ currentPage: 2, totalPages: 5, onPageChange });
    const link = screen.getByRole("link", { name: "Page 3" });
    const preventedByPagination: boolean[] = [];
    // Runs after React's handlers; stops jsdom from trying to navigate.
    function recordAndStop(event: MouseEvent) {
      preventedByPagination.push(event.defaultPrevented);
      event.preventDefault();
    }
    document.addEventListener("click", recordAndStop);
    fireEvent.click(link);
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(link, { ctrlKey: true });
    expect(onPageChange).toHaveBeenCalledTimes(1);
    document.removeEventListener("click", recordAndStop);
    expect(preventedByPagination).toEqual([true, false]);
  });

  it("renders links on the server", () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={parseMessages(englishMessages)}>
        <Pagination currentPage={2} totalPages={3} hrefForPage={hrefForPage} />
      </IntlProvider>,
    );
    expect(html).toContain('href="/leaderboard/live?page=3"');
    expect(html).toContain('aria-current="page"');
  });
});
