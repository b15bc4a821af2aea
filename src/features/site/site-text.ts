/** One long-text page: a lead paragraph and sections with an anchor id, paragraphs and an optional list. */
export interface SiteText {
  readonly lead: string;
  readonly sections: readonly {
    readonly id: string;
    readonly heading: string;
    readonly paragraphs?: readonly string[];
    readonly list?: readonly string[];
    /** What is not built yet, said as such (marked on the page so the tests of its claims can tell it apart). */
    readonly coming?: string;
  }[];
}
