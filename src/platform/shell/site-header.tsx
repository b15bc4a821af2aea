import { useIntl } from "../i18n/intl.tsx";
import { NavLink, useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.ts";
import type { ShellSlots } from "./shell-slots.ts";
import type { ParameterlessPageRouteName } from "../links/links.ts";
import { useLinks } from "../links/use-links.ts";
import { FormSecurityFields } from "../security/form-security-fields.tsx";
import { closeDetailsOnEscape } from "../../ui/details-menu.ts";

interface NavItem {
  readonly route: ParameterlessPageRouteName;
  readonly messageId: string;
  readonly icon: string;
}

/** Main navigation. Its root element has id "sb" (spec 001 §2.6). */
const primaryItems: readonly NavItem[] = [
  { route: "web_play_new", messageId: "shell.nav.play", icon: "♟" },
  { route: "web_home", messageId: "shell.nav.home", icon: "⌂" },
  { route: "web_clubs", messageId: "shell.nav.clubs", icon: "♜" },
  { route: "web_leaderboard_live", messageId: "shell.nav.leaderboards", icon: "♛" },
  { route: "web_live", messageId: "shell.nav.watch", icon: "◉" },
];

/** `items`: the features' header items (shell slots), shown before the account links; `tools`: beside the brand, at every width. */
export function SiteHeader({ items = [], tools = [] }: { items?: ShellSlots["headerItems"]; tools?: ShellSlots["headerTools"] }) {
  const intl = useIntl();
  const link = useLinks();
  const root = useRouteLoaderData<RootData>("root");
  const user = root?.currentUser;
  const navLabel = intl.formatMessage({ id: "shell.nav.label" });
  return (
    <header className="ks-header">
      <nav id="sb" className="ks-nav" aria-label={navLabel}>
        <a className="ks-brand" href={link("web_root")}>
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
              {primaryItems.map((item) => (
                <li key={item.route}>
                  <NavLink to={link(item.route)} className="ks-nav-link" prefetch="intent">
                    <span className="ks-nav-icon" aria-hidden="true">{item.icon}</span>
                    {intl.formatMessage({ id: item.messageId })}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="ks-nav-account">
              {user?.isLoggedIn ? (
                <>
                  <a className="ks-nav-link" href={link("web_member_profile", { username: user.username })}>{user.username}</a>
                  {user.isMember && (
                    <a className="ks-nav-link" href={link("web_user_settings")} aria-label={intl.formatMessage({ id: "shell.nav.settings" })}>
                      <span aria-hidden="true">⚙</span>
                    </a>
                  )}
                  <form method="post" action="/logout" className="ks-logout-form">
                    <FormSecurityFields />
                    <button type="submit" className="ks-button ks-button-quiet">{intl.formatMessage({ id: "shell.nav.logout" })}</button>
                  </form>
                </>
              ) : (
                <>
                  {/* data-account-modal: the accounts feature's login/register modal opens instead, when the page has it (spec 000 §2). */}
                  <a className="ks-nav-link" href={link("web_security_login")} data-account-modal="login">{intl.formatMessage({ id: "shell.nav.login" })}</a>
                  <a className="ks-button ks-button-primary" href={link("web_security_register")} data-account-modal="register">{intl.formatMessage({ id: "shell.nav.register" })}</a>
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
