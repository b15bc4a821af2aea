import { describe, expect, it } from "vitest";
import { createIntl, type IntlError } from "./intl.tsx";
import { messagesFor } from "./messages.server.ts";
import { parseMessages } from "./parse-messages.ts";

/** The full catalogs as the root sends them: parsed on the server. */
const catalog = (locale: "en" | "pl" | "ru") => parseMessages(messagesFor(locale));

function intlWithErrors(locale: string, messages = catalog("en"), defaultLocale = "en") {
  const errors: IntlError[] = [];
  const intl = createIntl({ locale, defaultLocale, messages, onError: (error) => errors.push(error) });
  return { intl, errors };
}

// Nothing in today's catalogs uses select, selectordinal, date, time, skeletons or tags; the formatter must still.
const constructs = parseMessages({
  "t.select": "{side, select, white {White to move} black {Black to move} other {Nobody to move}}",
  "t.ordinal": "Your {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} game",
  "t.offset": "{count, plural, offset:1 =0 {Nobody} =1 {You} one {You and # other} other {You and # others}}",
  "t.date": "Since {when, date, long}, at {when, time, short}",
  "t.date_default": "{when, date} {when, time}",
  "t.skeleton": "{share, number, ::percent} of {money, number, ::currency/EUR}, {when, date, ::yyyyMMMd}",
  "t.tag": "Read <b>the rules</b> before you <link>play</link>.",
  "t.escaped": "It''s '{'not an argument'}' {name}",
});
const march5 = new Date(Date.UTC(2026, 2, 5, 14, 7, 9));

describe("formatMessage over the real catalogs", () => {
  it("gives plain text as it is", () => {
    const { intl, errors } = intlWithErrors("en");
    expect(intl.formatMessage({ id: "ui.confirm.areYouSure" })).toBe("Are you sure?");
    expect(errors).toEqual([]);
  });

  it("puts arguments in as given, unformatted, as ICU does", () => {
    const { intl } = intlWithErrors("en");
    expect(intl.formatMessage({ id: "ui.pagination.page" }, { page: 1234 })).toBe("Page 1234");
    expect(intl.formatMessage({ id: "ui.pagination.page" }, { page: "vii" })).toBe("Page vii");
  });

  it("chooses English plurals, exact matches first, and formats # by the locale", () => {
    const { intl, errors } = intlWithErrors("en");
    const codes = (count: number) => intl.formatMessage({ id: "two_factor.settings.codes_left" }, { count });
    expect(codes(0)).toBe("No recovery codes left");
    expect(codes(1)).toBe("1 recovery code left");
    expect(codes(2)).toBe("2 recovery codes left");
    expect(codes(1234)).toBe("1,234 recovery codes left");
    expect(errors).toEqual([]);
  });

  it("chooses Polish and Russian plurals by their own rules (one, few, many, other)", () => {
    const pl = intlWithErrors("pl", catalog("pl")).intl;
    const codes = (count: number) => pl.formatMessage({ id: "two_factor.settings.codes_left" }, { count });
    expect(codes(0)).toBe("Nie zostały żadne kody odzyskiwania");
    expect(codes(1)).toBe("Został 1 kod odzyskiwania");
    expect(codes(3)).toBe("Zostały 3 kody odzyskiwania");
    expect(codes(5)).toBe("Zostało 5 kodów odzyskiwania");
    expect(codes(22)).toBe("Zostały 22 kody odzyskiwania");
    expect(codes(1.5)).toBe("Zostało 1,5 kodu odzyskiwania");

    const ru = intlWithErrors("ru", catalog("ru")).intl;
    const results = (count: number) => ru.formatMessage({ id: "ui.pagination.results" }, { count });
    expect(results(1)).toBe("1 результат");
    expect(results(3)).toBe("3 результата");
    expect(results(5)).toBe("5 результатов");
    expect(results(21)).toBe("21 результат");
    expect(results(1234)).toBe("1\u00a0234 результата");
  });

  it("formats a number argument with a named style", () => {
    expect(intlWithErrors("en").intl.formatMessage({ id: "human_check.working" }, { progress: 0.42 })).toBe("Checking… 42%");
    expect(intlWithErrors("pl", catalog("pl")).intl.formatMessage({ id: "human_check.working" }, { progress: 0.5 })).toBe("Sprawdzanie… 50%");
  });
});

describe("formatMessage over every ICU construct", () => {
  const en = createIntl({ locale: "en", messages: constructs, onError: (error) => { throw error; } });
  const pl = createIntl({ locale: "pl", messages: constructs, onError: (error) => { throw error; } });

  it("selects by value, falling back to other", () => {
    expect(en.formatMessage({ id: "t.select" }, { side: "black" })).toBe("Black to move");
    expect(en.formatMessage({ id: "t.select" }, { side: "red" })).toBe("Nobody to move");
  });

  it("chooses ordinals and plural offsets", () => {
    expect([1, 2, 3, 4, 11, 22].map((place) => en.formatMessage({ id: "t.ordinal" }, { place }))).toEqual([
      "Your 1st game", "Your 2nd game", "Your 3rd game", "Your 4th game", "Your 11th game", "Your 22nd game",
    ]);
    expect([0, 1, 2, 3].map((count) => en.formatMessage({ id: "t.offset" }, { count }))).toEqual([
      "Nobody", "You", "You and 1 other", "You and 2 others",
    ]);
  });

  it("formats dates and times with named styles, defaults and skeletons, by locale", () => {
    // Message styles carry no time zone: compare with the platform's own output for the same options.
    expect(en.formatMessage({ id: "t.date" }, { when: march5 })).toBe(
      `Since ${new Intl.DateTimeFormat("en", { month: "long", day: "numeric", year: "numeric" }).format(march5)}, at ${new Intl.DateTimeFormat("en", { hour: "numeric", minute: "numeric" }).format(march5)}`,
    );
    expect(en.formatMessage({ id: "t.date_default" }, { when: march5 })).toBe(
      `${new Intl.DateTimeFormat("en").format(march5)} ${new Intl.DateTimeFormat("en", { hour: "numeric", minute: "numeric", second: "numeric" }).format(march5)}`,
    );
    expect(pl.formatMessage({ id: "t.skeleton" }, { share: 0.25, money: 12.5, when: march5 })).toBe(
      `25% of 12,50\u00a0€, ${new Intl.DateTimeFormat("pl", { year: "numeric", month: "short", day: "numeric" }).format(march5)}`,
    );
  });

  it("resolves ICU quoting", () => {
    expect(en.formatMessage({ id: "t.escaped" }, { name: "Ann" })).toBe("It's {not an argument} Ann");
  });

  it("gives tags' contents to the tag's function, as text when it returns text", () => {
    expect(en.formatMessage({ id: "t.tag" }, { b: (chunks) => `*${chunks.join("")}*`, link: (chunks) => `[${chunks.join("")}]` })).toBe(
      "Read *the rules* before you [play].",
    );
  });
});

describe("errors", () => {
  it("reports a missing id and shows the id, as the page-health checks expect", () => {
    const { intl, errors } = intlWithErrors("en");
    expect(intl.formatMessage({ id: "no.such.message" })).toBe("no.such.message");
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ["MISSING_TRANSLATION", expect.stringContaining('Missing message: "no.such.message" for locale "en", using id as fallback.')],
    ]);
  });

  it("shows a default message as plain text, reporting it only outside the default locale", () => {
    const english = intlWithErrors("en");
    expect(english.intl.formatMessage({ id: "no.such.message", defaultMessage: "Fallback {not parsed}" })).toBe("Fallback {not parsed}");
    expect(english.errors).toEqual([]);
    const polish = intlWithErrors("pl", catalog("pl"));
    expect(polish.intl.formatMessage({ id: "no.such.message", defaultMessage: "Fallback" })).toBe("Fallback");
    expect(polish.errors.map((error) => [error.code, error.descriptor?.defaultMessage])).toEqual([["MISSING_TRANSLATION", "Fallback"]]);
  });

  it("reports a missing value, a tag without a function and a wrong value, and shows the id", () => {
    const { intl, errors } = intlWithErrors("en", constructs);
    expect(intl.formatMessage({ id: "t.select" })).toBe("t.select");
    expect(intl.formatMessage({ id: "t.tag" }, { b: "bold", link: () => "x" })).toBe("t.tag");
    expect(intl.formatMessage({ id: "t.date" }, { when: "not a date" })).toBe("t.date");
    expect(errors.map((error) => error.code)).toEqual(["FORMAT_ERROR", "FORMAT_ERROR", "FORMAT_ERROR"]);
    expect(errors[0]?.message).toContain('no value was given for "side"');
    expect(errors[1]?.message).toContain("<b> needs a function");
  });
});

describe("numbers, dates and relative times", () => {
  it("formats by locale and options", () => {
    const { intl, errors } = intlWithErrors("de", catalog("en"));
    expect(intl.formatNumber(1234567.5)).toBe("1.234.567,5");
    expect(intl.formatNumber(1500, { useGrouping: false })).toBe("1500");
    expect(intl.formatNumber(12.5, { style: "currency", currency: "USD" })).toBe("12,50\u00a0$");
    expect(intl.formatDate(march5, { dateStyle: "long", timeZone: "UTC" })).toBe("5. März 2026");
    expect(intl.formatDate("2026-03-05T14:07:09Z", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })).toBe("05.03.2026, 14:07");
    expect(intl.formatTime(march5, { timeZone: "UTC" })).toBe("14:07");
    expect(intl.formatTime(march5, { timeStyle: "medium", timeZone: "UTC" })).toBe("14:07:09");
    expect(intl.formatRelativeTime(-3, "minute")).toBe("vor 3 Minuten");
    expect(intl.formatRelativeTime(-1, "day", { numeric: "auto" })).toBe("gestern");
    expect(errors).toEqual([]);
  });

  it("reports a bad option and shows the value as text", () => {
    const { intl, errors } = intlWithErrors("en");
    expect(intl.formatNumber(5, { style: "currency" })).toBe("5");
    expect(intl.formatDate(new Date(Number.NaN), { dateStyle: "long" })).toBe("Invalid Date");
    expect(errors.map((error) => error.code)).toEqual(["FORMAT_ERROR", "FORMAT_ERROR"]);
  });
});
