import { act, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CountryFlag,
  isSanctionedFlag,
  resolveCountryFlag,
  sanctionedFlagModule,
  stanceOnWarPath,
} from "./country-flag.tsx";
import { FeatureFlagsContext } from "./feature-flags-context.tsx";
import { localizedRegionName } from "../shared/region-names.ts";
import { englishMessages, renderWithIntl } from "./test-utils.tsx";

// The sanctioned presentation is its own chunk; loaded, it renders at once (as on the server).
beforeAll(() => sanctionedFlagModule.ready());

const sanctionsNotice =
  "Due to the ongoing war and resulting international sanctions, Russian and Belarusian flags will not be shown for players in Verified events.";
const stanceText = "Click here to see our stance on the war in Ukraine.";

/** The flag-icons file a flag shows ("de", "gb-eng", "xx"), checked against the <img> it renders. */
function flagFile(name: string): string | undefined {
  const wrapper = screen.getByRole("img", { name });
  const image = wrapper.querySelector("img");
  const file = wrapper.dataset["flag"];
  // The asset URL is a path in builds and may be an inlined data URL in tests: either names the flag.
  expect(image?.getAttribute("src")).toMatch(new RegExp(`(/|flag-icons-)${file ?? "?"}(\\.svg|')`));
  return file;
}

function flagImage(name: string): HTMLImageElement {
  const image = screen.getByRole("img", { name }).querySelector("img");
  if (!image) throw new Error("no <img> inside the flag");
  return image;
}

describe("resolveCountryFlag", () => {
  it("finds the flag-icons 4x3 SVG of a code, in any case", () => {
    expect(resolveCountryFlag("us")).toMatchObject({ code: "US", file: "us" });
    expect(resolveCountryFlag("us").url).not.toBe("");
    expect(resolveCountryFlag("NO")).toMatchObject({ code: "NO", known: true, name: { kind: "region", region: "NO" } });
  });

  it("shows the neutral international flag for XX and unknown codes", () => {
    expect(resolveCountryFlag("XX")).toMatchObject({
      known: false,
      name: { kind: "message", id: "ui.countryFlag.international" },
    });
    expect(resolveCountryFlag("XX").file).toBe("xx");
    expect(resolveCountryFlag("QQ").file).toBe("xx");
    expect(resolveCountryFlag("").file).toBe("xx");
    expect(resolveCountryFlag("QQ").url).toBe(resolveCountryFlag("XX").url);
  });

  it("maps regional codes to their flags", () => {
    expect(resolveCountryFlag("XE").file).toBe("gb-eng");
    expect(resolveCountryFlag("XS").file).toBe("gb-sct");
    expect(resolveCountryFlag("XK").file).toBe("xk");
  });
});

describe("isSanctionedFlag", () => {
  it("needs the country's own feature flag", () => {
    expect(isSanctionedFlag("RU", { sanction_russia_flag: true })).toBe(true);
    expect(isSanctionedFlag("ru", { sanction_russia_flag: true })).toBe(true);
    expect(isSanctionedFlag("RU", { sanction_belarus_flag: true })).toBe(false);
    expect(isSanctionedFlag("BY", { sanction_belarus_flag: true })).toBe(true);
    expect(isSanctionedFlag("BY", { sanction_belarus_flag: false, sanction_russia_flag: true })).toBe(false);
    expect(isSanctionedFlag("UA", { sanction_russia_flag: true, sanction_belarus_flag: true })).toBe(false);
  });
});

describe("CountryFlag", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is an image named by the country, localized for the current locale", () => {
    renderWithIntl(<CountryFlag code="DE" />);
    expect(flagFile("Germany")).toBe("de");
    renderWithIntl(<CountryFlag code="DE" />, { locale: "fr" });
    expect(screen.getByRole("img", { name: "Allemagne" })).not.toBeNull();
    expect(localizedRegionName("DE", "de")).toBe("Deutschland");
  });

  it("uses a given name", () => {
    renderWithIntl(<CountryFlag code="US" name="United States of America" />);
    expect(screen.getByRole("img", { name: "United States of America" })).not.toBeNull();
  });

  it("shows International for XX, and names regional codes", () => {
    renderWithIntl(
      <>
        <CountryFlag code="XX" />
        <CountryFlag code="XE" />
      </>,
    );
    expect(flagFile("International")).toBe("xx");
    expect(flagFile("England")).toBe("gb-eng");
  });

  it("sizes the 4x3 flag", () => {
    renderWithIntl(
      <>
        <CountryFlag code="FR" size="small" name="small" />
        <CountryFlag code="FR" size="medium" name="medium" />
        <CountryFlag code="FR" size="large" name="large" />
      </>,
    );
    expect(flagImage("small").getAttribute("width")).toBe("16");
    expect(flagImage("medium").getAttribute("height")).toBe("18");
    expect(flagImage("large").getAttribute("width")).toBe("32");
    expect(screen.getByRole("img", { name: "large" }).classList.contains("ks-flag--large")).toBe(true);
  });

  it("shows Russia's flag when its sanction flag is off", () => {
    renderWithIntl(<CountryFlag code="RU" featureFlags={{ sanction_russia_flag: false }} />);
    expect(flagFile("Russia")).toBe("ru");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows a blank flag linking to the stance page for Russia when the flag is on (from the context)", () => {
    vi.useFakeTimers();
    renderWithIntl(
      <FeatureFlagsContext value={{ sanction_russia_flag: true, sanction_belarus_flag: false }}>
        <CountryFlag code="RU" size="medium" />
      </FeatureFlagsContext>,
    );
    expect(screen.queryByRole("img", { name: "Russia" })).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    const link = screen.getByRole("link", { name: stanceText });
    expect(link.getAttribute("href")).toBe(stanceOnWarPath);
    expect(stanceOnWarPath).toBe("/about#war-in-ukraine");
    expect(link.querySelector(".ks-flag--blank")).not.toBeNull();
    const description = document.getElementById(link.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe(sanctionsNotice);

    fireEvent.mouseEnter(link);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip.querySelector(".ks-flag-notice__text")?.textContent).toBe(sanctionsNotice);
    expect(tooltip.textContent).toContain(stanceText);
  });

  it("shows the sanctioned presentation for Belarus only with the Belarus flag, and a custom link", () => {
    renderWithIntl(
      <>
        <CountryFlag code="BY" featureFlags={{ sanction_belarus_flag: true }} stanceHref="/de/article/view/stance" />
        <CountryFlag code="BY" name="Belarus (off)" featureFlags={{ sanction_russia_flag: true }} />
      </>,
    );
    expect(screen.getByRole("link", { name: stanceText }).getAttribute("href")).toBe("/de/article/view/stance");
    expect(flagFile("Belarus (off)")).toBe("by");
  });

  it("renders on the server", () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={parseMessages(englishMessages)}>
        <CountryFlag code="NO" />
        <CountryFlag code="RU" featureFlags={{ sanction_russia_flag: true }} />
      </IntlProvider>,
    );
    expect(html).toContain('aria-label="Norway"');
    expect(html).toContain(`href="${stanceOnWarPath}"`);
  });
});
