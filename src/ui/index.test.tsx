import { renderToString } from "react-dom/server";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { describe, expect, it } from "vitest";
import * as ui from "./index.ts";
import { englishMessages } from "./test-utils.tsx";

describe("UI kit entry point", () => {
  it("exports the components", () => {
    for (const name of [
      "AlertsProvider",
      "AlertList",
      "useAlerts",
      "Modal",
      "ConfirmPopover",
      "Tooltip",
      "LazyImage",
      "Pagination",
      "Dropdown",
      "CountryFlag",
      "FeatureFlagsContext",
      "RelativeTime",
      "retinaSrcSet",
    ] as const) {
      expect(ui[name], name).toBeDefined();
    }
  });

  it("renders a page of components on the server without touching the DOM", () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={parseMessages(englishMessages)}>
        <ui.FeatureFlagsContext value={{ sanction_belarus_flag: true }}>
          <ui.AlertsProvider>
            <ui.AlertList />
            <ui.Dropdown
              label="Type"
              options={[{ value: "blitz", label: "Blitz", href: "/leaderboard/live/blitz" }]}
              selectedValue="blitz"
            />
            <ui.Tooltip content="tip">
              <span>anchor</span>
            </ui.Tooltip>
            <ui.CountryFlag code="BY" />
            <ui.CountryFlag code="PL" size="large" />
            <ui.LazyImage src="/a.png" alt="a" width={40} height={40} retina />
            <ui.Pagination
              currentPage={2}
              totalPages={9}
              hrefForPage={(page) => `?page=${page}`}
              totalResultsCount={420}
            />
            <ui.RelativeTime date={new Date(Date.now() - 120_000)} />
            <ui.ConfirmPopover trigger="Remove" kind="removeFriend" onConfirm={() => undefined} />
            <ui.Modal title="Hidden on the server" onClose={() => undefined}>
              body
            </ui.Modal>
          </ui.AlertsProvider>
        </ui.FeatureFlagsContext>
      </IntlProvider>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Poland"');
    expect(html).toContain("2 minutes ago");
    expect(html).toContain("420 results");
    expect(html).not.toContain("Hidden on the server");
  });
});
