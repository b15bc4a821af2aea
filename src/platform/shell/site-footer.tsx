import { useIntl } from "react-intl";
import { useLocation } from "react-router";
import { isLocale, nativeLanguageName, supportedLocales } from "../i18n/locales.ts";
import { pathInLocale } from "../i18n/request-locale.ts";
import { useLinks, usePathLocale } from "../links/use-links.ts";

export function SiteFooter() {
  const intl = useIntl();
  const link = useLinks();
  const pathLocale = usePathLocale();
  const { pathname, search } = useLocation();
  return (
    <footer className="ks-footer">
      <nav aria-label={intl.formatMessage({ id: "shell.footer.label" })} className="ks-footer-links">
        <a href={link("web_about")}>{intl.formatMessage({ id: "shell.footer.about" })}</a>
        <a href={link("web_community_policies")}>{intl.formatMessage({ id: "shell.footer.policies" })}</a>
        <a href={link("web_community_guidelines")}>{intl.formatMessage({ id: "shell.footer.guidelines" })}</a>
        <a href={link("web_membership")}>{intl.formatMessage({ id: "shell.footer.membership" })}</a>
      </nav>
      <details className="ks-language-menu">
        <summary>
          <span aria-hidden="true">🌐 </span>
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
