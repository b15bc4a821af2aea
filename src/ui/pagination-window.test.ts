import { describe, expect, it } from "vitest";
import { paginationModel, paginationWindowSize } from "./pagination-window.ts";

describe("paginationModel with a known page count", () => {
  it("shows a window of 4 page numbers", () => {
    expect(paginationWindowSize).toBe(4);
    expect(paginationModel({ currentPage: 5, totalPages: 10 }).pages).toEqual([4, 5, 6, 7]);
  });

  it("disables previous on the first page and slides the window to the start", () => {
    const model = paginationModel({ currentPage: 1, totalPages: 10 });
    expect(model).toMatchObject({ pages: [1, 2, 3, 4], previous: null, next: 2, first: null, last: 10 });
    expect(model.gapBefore).toBe(false);
    expect(model.gapAfter).toBe(true);
  });

  it("disables next on the last page and slides the window to the end", () => {
    const model = paginationModel({ currentPage: 10, totalPages: 10 });
    expect(model).toMatchObject({
      pages: [7, 8, 9, 10],
      previous: 9,
      next: null,
      first: 1,
      last: null,
      gapBefore: true,
    });
  });

  it("shows first and last without a gap when they are adjacent to the window", () => {
    const model = paginationModel({ currentPage: 3, totalPages: 6 });
    expect(model).toMatchObject({ pages: [2, 3, 4, 5], first: 1, last: 6, gapBefore: false, gapAfter: false });
  });

  it("shows every page when there are 4 or fewer", () => {
    expect(paginationModel({ currentPage: 2, totalPages: 3 }).pages).toEqual([1, 2, 3]);
  });

  it("hides with a single page or none", () => {
    expect(paginationModel({ currentPage: 1, totalPages: 1 }).hidden).toBe(true);
    expect(paginationModel({ currentPage: 1, totalPages: 0 }).hidden).toBe(true);
    expect(paginationModel({ currentPage: 1, totalPages: 2 }).hidden).toBe(false);
  });

  it("clamps a page past the end and nonsense input", () => {
    expect(paginationModel({ currentPage: 99, totalPages: 5 })).toMatchObject({ currentPage: 5, next: null });
    expect(paginationModel({ currentPage: Number.NaN, totalPages: 5 })).toMatchObject({
      currentPage: 1,
      previous: null,
    });
    expect(paginationModel({ currentPage: -3, totalPages: 5 }).currentPage).toBe(1);
  });
});

describe("paginationModel in has-more mode", () => {
  it("hides on page 1 when there are no more results", () => {
    expect(paginationModel({ currentPage: 1, morePages: false }).hidden).toBe(true);
    expect(paginationModel({ currentPage: 1, totalPages: null }).hidden).toBe(true);
  });

  it("shows on page 1 when more results exist", () => {
    expect(paginationModel({ currentPage: 1, morePages: true })).toMatchObject({
      hidden: false,
      pages: [1, 2],
      previous: null,
      next: 2,
    });
  });

  it("ends the window at the next page when there are more", () => {
    expect(paginationModel({ currentPage: 6, morePages: true })).toMatchObject({
      pages: [4, 5, 6, 7],
      first: 1,
      gapBefore: true,
      gapAfter: true,
      last: null,
      next: 7,
      previous: 5,
    });
  });

  it("disables next on the last page reached", () => {
    expect(paginationModel({ currentPage: 3, morePages: false })).toMatchObject({
      hidden: false,
      pages: [1, 2, 3],
      next: null,
      previous: 2,
      gapAfter: false,
    });
  });
});
