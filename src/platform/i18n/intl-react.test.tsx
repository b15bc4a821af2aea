import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIntl, FormattedMessage, IntlProvider, RawIntlProvider, useIntl } from "./intl.tsx";
import { parseMessages } from "./parse-messages.ts";
import uiEn from "../../ui/messages/en.json";
import uiPl from "../../ui/messages/pl.json";
import uiRu from "../../ui/messages/ru.json";

/** The UI kit's real catalogs, parsed as the server parses them for a page. */
const catalogs = { en: parseMessages(uiEn), pl: parseMessages(uiPl), ru: parseMessages(uiRu) };
const catalog = (locale: keyof typeof catalogs) => catalogs[locale];
const constructs = parseMessages({
  "t.ordinal": "Your {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} game",
  "t.tag": "Read <b>the rules</b> before you <link>play</link>.",
});

afterEach(() => vi.restoreAllMocks());

describe("in React", () => {
  function Rules() {
    const intl = useIntl();
    return (
      <p>
        {intl.formatMessage(
          { id: "t.tag" },
          { b: (chunks: ReactNode[]) => <strong>{chunks}</strong>, link: (chunks: ReactNode[]) => <a href="/rules">{chunks}</a> },
        )}
      </p>
    );
  }

  it("renders rich text as keyed elements, the same on the server as in the browser", () => {
    const logged = vi.spyOn(console, "error");
    const tree = (
      <IntlProvider locale="en" messages={constructs}>
        <Rules />
        <FormattedMessage id="t.ordinal" values={{ place: 3 }} />
      </IntlProvider>
    );
    const { container } = render(tree);
    expect(screen.getByText("the rules").tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "play" }).getAttribute("href")).toBe("/rules");
    expect(container.textContent).toBe("Read the rules before you play.Your 3rd game");
    expect(renderToString(tree)).toBe(container.innerHTML);
    expect(logged).not.toHaveBeenCalled();
  });

  it("passes the formatted nodes to FormattedMessage's child function", () => {
    render(
      <IntlProvider locale="pl" messages={catalog("pl")}>
        <FormattedMessage id="ui.pagination.results" values={{ count: 5 }}>
          {(nodes) => <output>{nodes}</output>}
        </FormattedMessage>
      </IntlProvider>,
    );
    expect(screen.getByRole("status").textContent).toBe("5 wyników");
  });

  it("shares one intl object through RawIntlProvider", () => {
    const intl = createIntl({ locale: "ru", messages: catalog("ru") });
    render(
      <RawIntlProvider value={intl}>
        <FormattedMessage id="ui.pagination.results" values={{ count: 2 }} />
      </RawIntlProvider>,
    );
    expect(screen.getByText("2 результата")).toBeTruthy();
  });

  it("refuses useIntl without a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<FormattedMessage id="ui.confirm.areYouSure" />)).toThrow(/IntlProvider/);
  });

  it("logs to console.error when no onError is given (the browser's missing-message report)", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <IntlProvider locale="en" messages={catalog("en")}>
        <FormattedMessage id="no.such.message" />
      </IntlProvider>,
    );
    expect(screen.getByText("no.such.message")).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Missing message: "no.such.message"'));
  });

});
