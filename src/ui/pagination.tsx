import type { MouseEvent, ReactNode } from "react";
import { FormattedMessage, useIntl } from "../platform/i18n/intl.tsx";
import { uiMessageId } from "./messages.ts";
import { paginationModel } from "./pagination-window.ts";

export interface PaginationProps {
  currentPage: number;
  /** Known page count. Leave it out (or null) for has-more mode, where only `morePages` is known. */
  totalPages?: number | null;
  /** Total results, shown as "1,234 results" when given. */
  totalResultsCount?: number;
  /** Has-more mode: whether pages after the current one exist. */
  morePages?: boolean;
  /** The link of a page; the server renders these, so paging works without JavaScript. */
  hrefForPage: (page: number) => string;
  /** Client-side paging: called instead of following the link (plain left clicks only). */
  onPageChange?: (page: number) => void;
  /** Accessible name of the navigation landmark; default "Pagination". */
  label?: string;
  className?: string;
}

const stepMessageIds = {
  previous: uiMessageId("ui.pagination.previous"),
  next: uiMessageId("ui.pagination.next"),
} as const;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Page links: previous, a window of 4 page numbers (with the first and last
 * page beyond it), next. Previous is disabled on the first page and next on
 * the last; in has-more mode the paginator hides on page 1 with nothing more.
 */
export function Pagination({
  currentPage,
  totalPages,
  totalResultsCount,
  morePages,
  hrefForPage,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  const intl = useIntl();
  const model = paginationModel({ currentPage, totalPages, morePages });
  if (model.hidden) return null;

  function handleClick(event: MouseEvent<HTMLAnchorElement>, page: number) {
    if (!onPageChange || event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onPageChange(page);
  }

  function pageLink(page: number): ReactNode {
    const current = page === model.currentPage;
    return (
      <li key={page}>
        <a
          className={current ? "ks-pagination__page ks-pagination__page--current" : "ks-pagination__page"}
          href={hrefForPage(page)}
          aria-current={current ? "page" : undefined}
          aria-label={intl.formatMessage({ id: uiMessageId("ui.pagination.page") }, { page })}
          onClick={(event) => handleClick(event, page)}
        >
          {intl.formatNumber(page)}
        </a>
      </li>
    );
  }

  function gap(key: string): ReactNode {
    return (
      <li key={key} className="ks-pagination__gap" aria-hidden="true">
        …
      </li>
    );
  }

  function stepControl(direction: "previous" | "next", page: number | null): ReactNode {
    const text = (
      <>
        {direction === "previous" ? <span aria-hidden="true">‹</span> : null}
        <span className="ks-pagination__step-text">
          <FormattedMessage id={stepMessageIds[direction]} />
        </span>
        {direction === "next" ? <span aria-hidden="true">›</span> : null}
      </>
    );
    const classes = `ks-pagination__step ks-pagination__step--${direction}`;
    if (page === null) {
      return (
        <span className={`${classes} ks-pagination__step--disabled`} aria-disabled="true">
          {text}
        </span>
      );
    }
    return (
      <a
        className={classes}
        href={hrefForPage(page)}
        rel={direction === "previous" ? "prev" : "next"}
        onClick={(event) => handleClick(event, page)}
      >
        {text}
      </a>
    );
  }

  const navLabel = label ?? intl.formatMessage({ id: uiMessageId("ui.pagination.label") });
  return (
    <nav className={className ? `ks-pagination ${className}` : "ks-pagination"} aria-label={navLabel}>
      <ul className="ks-pagination__list">
        <li>{stepControl("previous", model.previous)}</li>
        {model.first !== null ? pageLink(model.first) : null}
        {model.gapBefore ? gap("gap-before") : null}
        {model.pages.map(pageLink)}
        {model.gapAfter ? gap("gap-after") : null}
        {model.last !== null ? pageLink(model.last) : null}
        <li>{stepControl("next", model.next)}</li>
      </ul>
      {totalResultsCount !== undefined ? (
        <p className="ks-pagination__count">
          <FormattedMessage id={uiMessageId("ui.pagination.results")} values={{ count: totalResultsCount }} />
        </p>
      ) : null}
    </nav>
  );
}
