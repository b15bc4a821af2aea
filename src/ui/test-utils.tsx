import { render, type RenderOptions, type RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { IntlProvider } from "../platform/i18n/intl.tsx";
import { parseMessages } from "../platform/i18n/parse-messages.ts";
import en from "./messages/en.json";

export { en as englishMessages };

export interface IntlTestOptions extends Omit<RenderOptions, "wrapper"> {
  locale?: string;
  messages?: Readonly<Record<string, string>>;
}

/** Wraps UI under test in the English catalog, the way the site shell does. */
export function IntlTestProvider({
  children,
  locale = "en",
  messages = en,
}: {
  children: ReactNode;
  locale?: string;
  messages?: Readonly<Record<string, string>>;
}) {
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={parseMessages(messages)}>
      {children}
    </IntlProvider>
  );
}

/** render() with an IntlProvider around the element; rerender keeps the provider. */
export function renderWithIntl(ui: ReactElement, { locale, messages, ...options }: IntlTestOptions = {}): RenderResult {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <IntlTestProvider locale={locale} messages={messages}>
        {children}
      </IntlTestProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
