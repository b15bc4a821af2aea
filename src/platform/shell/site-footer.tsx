import { useIntl } from "../i18n/intl.tsx";
import { useLocation } from "react-router";
import { isLocale, nativeLanguageName, supportedLocales } from "../i18n/locales.ts";
import { pathInLocale } from "../i18n/request-locale.ts";
import { useLinks, usePathLocale } from "../links/use-links.ts";
import type { ShellNavigation } from "./shell-navigation.ts";
import { closeDetailsOnEscape } from "../../ui/details-menu.ts";

/** The footer's links are the pages the shell slots' navigation names. */
export function SiteFooter({ navigation }: { navigation: ShellNavigation }) {
  const intl = useIntl();
  const link = useLinks();
  const pathLocale = usePathLocale();
  const { pathname, search } = useLocation();
  return (
    <footer className="ks-footer">
      <nav aria-label={intl.formatMessage({ id: "shell.footer.label" })} className="ks-footer-links">
        {navigation.footer.map((item) => (
          <a key={item.route} href={link(item.route)}>{intl.formatMessage({ id: item.messageId })}</a>
        ))}
      </nav>
      <details className="ks-language-menu" onKeyDown={closeDetailsOnEscape}>
        <summary>
          <svg className="ks-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
          </svg>{" "}
          {intl.formatMessage({ id: "shell.footer.language" })}: {nativeLanguageName(isLocale(intl.locale) ? intl.locale : "en")}
        </summary>
        <ul className="ks-language-list" role="list">
          {supportedLocales.map((code) => (
            <li key={code}>
              <a href={pathInLocale(pathname, pathLocale, code) + search} hrefLang={code} lang={code} aria-current={code === intl.locale ? "true" : undefined}>
                {nativeLanguageName(code)}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <p className="ks-footer-note">{intl.formatMessage({ id: "shell.footer.license" })}</p>
    </footer>
  );
}
