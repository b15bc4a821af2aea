/** How many page numbers the paginator shows around the current page. */
export const paginationWindowSize = 4;

export interface PaginationInput {
  currentPage: number;
  /** Known page count; leave it out (or null) for has-more mode. */
  totalPages?: number | null;
  /** Has-more mode: whether pages after the current one exist. */
  morePages?: boolean;
  windowSize?: number;
}

export interface PaginationModel {
  /** Hide the paginator entirely: a single page, or has-more mode on page 1 with nothing more. */
  hidden: boolean;
  /** The current page, clamped into the known range. */
  currentPage: number;
  /** The consecutive page numbers shown, current page included. */
  pages: number[];
  /** Page 1 shown before the window when the window does not start at 1. */
  first: number | null;
  /** The last page shown after the window when the page count is known and the window ends before it. */
  last: number | null;
  /** An ellipsis between `first` and the window (pages are skipped). */
  gapBefore: boolean;
  /** An ellipsis between the window and `last`, or after the window in has-more mode. */
  gapAfter: boolean;
  /** Target of the previous control; null on the first page (control disabled). */
  previous: number | null;
  /** Target of the next control; null on the last page (control disabled). */
  next: number | null;
}

function wholePage(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.max(1, Math.floor(value)) : fallback;
}

function range(start: number, end: number): number[] {
  const pages: number[] = [];
  for (let page = start; page <= end; page += 1) pages.push(page);
  return pages;
}

/**
 * The paginator's layout. With a known page count the window of 4 numbers is
 * centred on the current page (one before it, two after) and slides at the
 * ends. In has-more mode the window ends at the next page when there are
 * more, otherwise at the current page.
 */
export function paginationModel({
  currentPage,
  totalPages,
  morePages = false,
  windowSize = paginationWindowSize,
}: PaginationInput): PaginationModel {
  const size = wholePage(windowSize, paginationWindowSize);
  const requested = wholePage(currentPage, 1);

  if (totalPages === undefined || totalPages === null) {
    const end = morePages ? requested + 1 : requested;
    const start = Math.max(1, end - size + 1);
    return {
      hidden: requested === 1 && !morePages,
      currentPage: requested,
      pages: range(start, end),
      first: start > 1 ? 1 : null,
      last: null,
      gapBefore: start > 2,
      gapAfter: morePages,
      previous: requested > 1 ? requested - 1 : null,
      next: morePages ? requested + 1 : null,
    };
  }

  const total = Number.isFinite(totalPages) ? Math.max(0, Math.floor(totalPages)) : 0;
  const lastPage = Math.max(1, total);
  const current = Math.min(requested, lastPage);
  const before = Math.floor((size - 1) / 2);
  const start = Math.max(1, Math.min(current - before, lastPage - size + 1));
  const end = Math.min(lastPage, start + size - 1);
  return {
    hidden: total <= 1,
    currentPage: current,
    pages: range(start, end),
    first: start > 1 ? 1 : null,
    last: end < lastPage ? lastPage : null,
    gapBefore: start > 2,
    gapAfter: end < lastPage - 1,
    previous: current > 1 ? current - 1 : null,
    next: current < lastPage ? current + 1 : null,
  };
}
