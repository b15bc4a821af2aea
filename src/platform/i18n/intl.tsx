import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { cloneElement, createContext, createElement, Fragment, isValidElement, useContext, useMemo, type ReactNode } from "react";
import type { WireMessages } from "./wire-messages.ts";

/**
 * Our own message formatter (decision 0034): it formats the ICU messages the
 * server parsed (wire-messages.ts) with the platform's Intl APIs, in place of
 * react-intl, @formatjs/intl and intl-messageformat (issue 10 item 6). The
 * server and the browser format with this same module, so they render alike.
 *
 * A message is either plain text (a string, shown as it is) or its parsed AST.
 * It never parses: a catalog of ICU source strings goes through
 * `parseMessages` (parse-messages.ts, server and tests) first.
 */

export interface MessageDescriptor {
  readonly id: string;
  /** Shown as plain text when the id is missing; never parsed (the browser has no parser). */
  readonly defaultMessage?: string;
  readonly description?: string;
}

/** What a placeholder can be given: text, numbers and dates; React nodes and tag functions for rich text. */
export type PrimitiveValue = string | number | bigint | boolean | Date | null | undefined;
export type MessageValue = PrimitiveValue | ReactNode | ((chunks: ReactNode[]) => ReactNode);
type PlainValues = Readonly<Record<string, PrimitiveValue | ((chunks: string[]) => string)>>;
type MessageValues = Readonly<Record<string, MessageValue>>;

export type IntlErrorCode = "MISSING_TRANSLATION" | "FORMAT_ERROR";

/** Reported through `onError`; the text of a missing message reads as react-intl's did. */
export class IntlError extends Error {
  readonly code: IntlErrorCode;
  readonly descriptor: MessageDescriptor | undefined;
  constructor(code: IntlErrorCode, message: string, descriptor?: MessageDescriptor, cause?: unknown) {
    super(`[intl ${code}] ${message}`, cause === undefined ? undefined : { cause });
    this.name = "IntlError";
    this.code = code;
    this.descriptor = descriptor;
  }
}

export interface IntlConfig {
  readonly locale: string;
  readonly defaultLocale?: string;
  readonly messages?: WireMessages;
  readonly onError?: (error: IntlError) => void;
}

export interface IntlShape {
  readonly locale: string;
  readonly defaultLocale: string;
  readonly messages: WireMessages;
  formatMessage(descriptor: MessageDescriptor, values?: PlainValues): string;
  formatMessage(descriptor: MessageDescriptor, values?: MessageValues): ReactNode;
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatRelativeTime(value: number, unit?: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

// Intl objects are costly to build: one per locale and options, for the life of the process or page.
const formatters = new Map<string, unknown>();
function cached<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind} ${locale} ${options === undefined ? "" : JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached("n", locale, options, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached("d", locale, options, () => new Intl.DateTimeFormat(locale, options));
const pluralRules = (locale: string, type: Intl.PluralRuleType) =>
  cached("p", locale, { type }, () => new Intl.PluralRules(locale, { type }));

// The named styles of ICU arguments ({n, number, percent}, {d, date, long}), as ICU MessageFormat defines them.
const numberStyles: Readonly<Record<string, Intl.NumberFormatOptions>> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: "currency" },
  percent: { style: "percent" },
};
const dateStyles: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { month: "numeric", day: "numeric", year: "2-digit" },
  medium: { month: "short", day: "numeric", year: "numeric" },
  long: { month: "long", day: "numeric", year: "numeric" },
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
};
const timeStyles: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { hour: "numeric", minute: "numeric" },
  medium: { hour: "numeric", minute: "numeric", second: "numeric" },
  long: { hour: "numeric", minute: "numeric", second: "numeric", timeZoneName: "short" },
  full: { hour: "numeric", minute: "numeric", second: "numeric", timeZoneName: "short" },
};

type Style = string | { parsedOptions: object } | null | undefined;
function styleOptions<T extends object>(style: Style, named: Readonly<Record<string, T>>, fallback?: T): T | undefined {
  if (typeof style === "string") return named[style] ?? fallback;
  return style ? (style.parsedOptions as T) : fallback;
}

function option(options: Readonly<Record<string, { value: MessageFormatElement[] }>>, key: string) {
  return Object.hasOwn(options, key) ? options[key] : undefined;
}

/**
 * Appends the formatted parts of `elements` to `out`: strings, and whatever
 * rich-text values gave. `pound` is the value `#` stands for (the innermost
 * plural, less its offset). Throws on a missing value or a bad one.
 */
function formatParts(elements: readonly MessageFormatElement[], locale: string, values: MessageValues | undefined, pound: number | undefined, out: unknown[]): void {
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      out.push(element.value);
      continue;
    }
    if (element.type === TYPE.pound) {
      if (pound !== undefined) out.push(numberFormat(locale).format(pound));
      continue;
    }
    const name = element.value;
    if (!values || !(name in values)) throw new Error(`no value was given for "${name}"`);
    const value = values[name];
    switch (element.type) {
      case TYPE.argument:
        // As ICU: text and numbers as they are (unformatted), null/false as nothing, anything else (a React node) itself.
        out.push(typeof value === "string" || typeof value === "number" || typeof value === "bigint" ? String(value) : (value ?? false) === false ? "" : value);
        break;
      case TYPE.number: {
        const options = styleOptions<Intl.NumberFormatOptions & { scale?: number }>(element.style, numberStyles);
        const scaled = options?.scale && typeof value === "number" ? value * options.scale : value;
        out.push(numberFormat(locale, options).format(scaled as number));
        break;
      }
      case TYPE.date:
      case TYPE.time: {
        const options = element.type === TYPE.date ? styleOptions(element.style, dateStyles) : styleOptions(element.style, timeStyles, timeStyles.medium);
        out.push(dateTimeFormat(locale, options).format(value as Date | number));
        break;
      }
      case TYPE.tag: {
        if (typeof value !== "function") throw new Error(`<${name}> needs a function as its value`);
        const chunks: unknown[] = [];
        formatParts(element.children, locale, values, pound, chunks);
        const result: unknown = (value as (chunks: ReactNode[]) => ReactNode)(keyed(mergeText(chunks)));
        if (Array.isArray(result)) out.push(...(result as unknown[]));
        else out.push(result);
        break;
      }
      case TYPE.select: {
        const chosen = option(element.options, caseKey(value)) ?? option(element.options, "other");
        if (!chosen) throw new Error(`"${name}" has no case for ${caseKey(value)} and no "other"`);
        formatParts(chosen.value, locale, values, pound, out);
        break;
      }
      case TYPE.plural: {
        const count = Number(value) - element.offset;
        const chosen =
          option(element.options, `=${caseKey(value)}`) ??
          option(element.options, pluralRules(locale, element.pluralType ?? "cardinal").select(count)) ??
          option(element.options, "other");
        if (!chosen) throw new Error(`"${name}" has no case for ${caseKey(value)} and no "other"`);
        formatParts(chosen.value, locale, values, count, out);
        break;
      }
    }
  }
}

/** The text a select or plural value is matched by: primitives as written, anything else matches no case. */
function caseKey(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "bigint" || typeof value === "boolean" ? String(value) : "";
}

/** Adjacent strings joined, so that text stays one text node. */
function mergeText(parts: readonly unknown[]): unknown[] {
  const merged: unknown[] = [];
  for (const part of parts) {
    const last = merged.length - 1;
    const previous = merged[last];
    if (typeof part === "string" && typeof previous === "string") merged[last] = previous + part;
    else merged.push(part);
  }
  return merged;
}

/**
 * React keys for the elements of a list of parts (what rich-text values gave),
 * by position: a message's parts never reorder. (Children.toArray would do,
 * but React 19 still warns about the unkeyed elements it was given.)
 */
function keyed(parts: unknown[]): ReactNode[] {
  return parts.map((part, index) => (isValidElement(part) && part.key === null ? cloneElement(part, { key: index }) : (part as ReactNode)));
}

/** A time shows hours and minutes unless the options choose its fields or a style. */
function timeOptions(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const { hour, minute, second, timeStyle, dateStyle } = options;
  return hour || minute || second || timeStyle || dateStyle ? options : { ...timeStyles.short, ...options };
}

const noMessages: WireMessages = {};
const reportToConsole = (error: IntlError) => console.error(error.message);

/** An intl object outside React (server errors, mail) or for RawIntlProvider. The cache argument is ignored. */
export function createIntl(config: IntlConfig, _cache?: IntlCache): IntlShape {
  const { locale, defaultLocale = "en", messages = noMessages, onError = reportToConsole } = config;

  function formatMessage(descriptor: MessageDescriptor, values?: MessageValues): ReactNode {
    const { id, defaultMessage } = descriptor;
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    if (typeof message === "string") return message;
    if (message === undefined) {
      // A default in code makes a message optional in the default locale only (as react-intl had it).
      if (defaultMessage === undefined || locale.toLowerCase() !== defaultLocale.toLowerCase()) {
        onError(new IntlError("MISSING_TRANSLATION", `Missing message: "${id}" for locale "${locale}", using ${defaultMessage === undefined ? "id" : "default message"} as fallback.`, descriptor));
      }
      return defaultMessage ?? id;
    }
    try {
      const parts: unknown[] = [];
      formatParts(message, locale, values, undefined, parts);
      const merged = mergeText(parts);
      if (merged.length === 0) return "";
      if (merged.every((part) => typeof part === "string")) return merged.join("");
      return merged.length === 1 ? (merged[0] as ReactNode) : keyed(merged);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      onError(new IntlError("FORMAT_ERROR", `Error formatting message: "${id}" for locale "${locale}" (${reason}), using ${defaultMessage === undefined ? "id" : "default message"} as fallback.`, descriptor, cause));
      return defaultMessage ?? id;
    }
  }

  function safely<T>(what: string, value: T, format: (value: T) => string): string {
    try {
      return format(value);
    } catch (cause) {
      onError(new IntlError("FORMAT_ERROR", `Error formatting ${what} for locale "${locale}".`, undefined, cause));
      return String(value);
    }
  }
  const asDate = (value: Date | number | string) => (typeof value === "string" ? new Date(value || 0) : value);

  return {
    locale,
    defaultLocale,
    messages,
    formatMessage: formatMessage as IntlShape["formatMessage"],
    formatNumber: (value, options) => safely("number", value, (number) => numberFormat(locale, options).format(number)),
    formatDate: (value, options) => safely("date", asDate(value), (date) => dateTimeFormat(locale, options).format(date)),
    formatTime: (value, options = {}) =>
      safely("time", asDate(value), (date) => dateTimeFormat(locale, timeOptions(options)).format(date)),
    formatRelativeTime: (value, unit = "second", options) =>
      safely("relative time", value, (number) => cached("r", locale, options, () => new Intl.RelativeTimeFormat(locale, options)).format(number, unit)),
  };
}

/** Kept so code written for react-intl reads the same; our formatters are cached per locale and options already. */
export type IntlCache = Readonly<Record<string, never>>;
export function createIntlCache(): IntlCache {
  return {};
}

const IntlContext = createContext<IntlShape | null>(null);

/** Provides an intl object built elsewhere (the root builds one per catalog and shares it between renders). */
export const RawIntlProvider = IntlContext.Provider;

export function IntlProvider({ children, locale, defaultLocale, messages, onError }: IntlConfig & { children?: ReactNode }) {
  const intl = useMemo(() => createIntl({ locale, defaultLocale, messages, onError }), [locale, defaultLocale, messages, onError]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error("useIntl() needs an IntlProvider (or RawIntlProvider) above it.");
  return intl;
}

export interface FormattedMessageProps extends MessageDescriptor {
  readonly values?: MessageValues;
  readonly children?: (nodes: ReactNode[]) => ReactNode;
}

export function FormattedMessage({ id, defaultMessage, description, values, children }: FormattedMessageProps) {
  const nodes = useIntl().formatMessage({ id, defaultMessage, description }, values);
  if (children) return children(Array.isArray(nodes) ? (nodes as ReactNode[]) : [nodes]);
  return createElement(Fragment, null, nodes);
}
