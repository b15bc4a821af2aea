import { useIntl } from "../i18n/intl.tsx";
import { NavLink, useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.ts";
import type { ShellSlots } from "./shell-slots.ts";
import { useLinks } from "../links/use-links.ts";
import type { ShellNavigation } from "./shell-navigation.ts";
import { FormSecurityFields } from "../security/form-security-fields.tsx";
import { closeDetailsOnEscape } from "../../ui/details-menu.ts";

/** Main navigation, its pages named by the shell slots' navigation. Its root element has id "sb" (spec 001 §2.6). `items`: the features' header items (shell slots), shown before the account links; `tools`: beside the brand, at every width. */
export function SiteHeader({ navigation, items = [], tools = [] }: { navigation: ShellNavigation; items?: ShellSlots["headerItems"]; tools?: ShellSlots["headerTools"] }) {
  const intl = useIntl();
  const link = useLinks();
  const root = useRouteLoaderData<RootData>("root");
  const user = root?.currentUser;
  const navLabel = intl.formatMessage({ id: "shell.nav.label" });
  return (
    <header className="ks-header">
      <nav id="sb" className="ks-nav" aria-label={navLabel}>
        <a className="ks-brand" href={link(navigation.root)}>
          <span className="ks-brand-mark" aria-hidden="true">♞</span>
          <span className="ks-brand-name">Kingside</span>
        </a>
        {tools.length > 0 && (
          <div className="ks-nav-tools">
            {tools.map((Tool, index) => (
              <Tool key={index} />
            ))}
          </div>
        )}
        <details className="ks-nav-menu" onKeyDown={closeDetailsOnEscape}>
          <summary className="ks-nav-toggle">
            <span aria-hidden="true">☰</span>
            <span className="ks-visually-hidden">{intl.formatMessage({ id: "shell.nav.menu" })}</span>
          </summary>
          <div className="ks-nav-panel">
            <ul className="ks-nav-links" role="list">
              {navigation.primary.map((item) => (
                <li key={item.route}>
                  <NavLink to={link(!user?.isLoggedIn && item.visitorRoute ? item.visitorRoute : item.route)} end={!user?.isLoggedIn && item.visitorRoute !== undefined} className="ks-nav-link" prefetch="intent">
                    <span className="ks-nav-icon" aria-hidden="true">{item.icon}</span>
                    {intl.formatMessage({ id: item.messageId })}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="ks-nav-account">
              {user?.isLoggedIn ? (
                <>
                  <a className="ks-nav-link" href={link(navigation.memberPage, { username: user.username })} title={user.username}>
                    <span className="ks-nav-username">{user.username}</span>
                  </a>
                  {user.isMember && (
                    <a className="ks-nav-link" href={link(navigation.settings)} aria-label={intl.formatMessage({ id: "shell.nav.settings" })}>
                      <span aria-hidden="true">⚙</span>
                    </a>
                  )}
                  <form method="post" action="/logout" className="ks-logout-form">
                    <FormSecurityFields />
                    <button type="submit" className="ks-button ks-button-quiet ks-nav-logout">
                      <LogoutGlyph />
                      <span className="ks-nav-logout-label">{intl.formatMessage({ id: "shell.nav.logout" })}</span>
                    </button>
                  </form>
                </>
              ) : (
                <>
                  {/* data-account-modal: the accounts feature's login modal opens instead, when the page has it (spec 000 §2); Sign up goes straight to the register page (issue 22 item 2). */}
                  <a className="ks-nav-link" href={link(navigation.signIn)} data-account-modal="login">{intl.formatMessage({ id: "shell.nav.login" })}</a>
                  <a className="ks-button ks-button-primary" href={link(navigation.register)}>{intl.formatMessage({ id: "shell.nav.register" })}</a>
                </>
              )}
            </div>
          </div>
        </details>
        {/* The features' header items (the bell, games in progress) stay outside the menu: one tap away on phones too. */}
        {items.length > 0 && (
          <div className="ks-nav-items">
            {items.map((Item, index) => (
              <Item key={index} />
            ))}
          </div>
        )}
      </nav>
    </header>
  );
}

/** A door with an arrow leaving it: the log-out button's face in the compact bar (its label stays for screen readers). */
function LogoutGlyph() {
  return (
    <svg className="ks-nav-logout-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M14 4H6v16h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M11 12h10M17 8l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
