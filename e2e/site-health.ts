import { expect, type Page } from "@playwright/test";

/**
 * Watches a page for console errors and failed requests; `expectHealthy()`
 * fails the test if any happened. Expected 404 documents are allowed by path.
 */
export function watchPage(page: Page, options: { allowStatus?: (url: string, status: number) => boolean } = {}) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The browser logs every 4xx document; those are judged by the response handler below.
    const status = /status of (\d{3})/.exec(message.text())?.[1];
    if (status && options.allowStatus?.(message.location().url, Number(status))) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A request the browser cancels because the test navigated on is not a failure of the site.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("response", (response) => {
    const status = response.status();
    if (status >= 400 && !options.allowStatus?.(response.url(), status)) problems.push(`HTTP ${status}: ${response.url()}`);
  });
  return {
    problems,
    expectHealthy() {
      expect(problems).toEqual([]);
    },
  };
}
