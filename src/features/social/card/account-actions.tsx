import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { CardActionId } from "./card-actions.ts";

/** The action a presence button already offers (Challenge when online, Watch when playing), so the bar leaves it out. */
export function actionsShownByPresence(button: { readonly kind: string } | null): CardActionId[] {
  if (button?.kind === "challenge") return ["challenge"];
  if (button?.kind === "watch") return ["observe"];
  return [];
}

/**
 * An action that needs a member account, for a visitor without one: the way
 * into the login/register modal (spec 000 §2), not a dead end. Without
 * JavaScript the link signs in (a guest: signs up) and comes back to the
 * member's profile.
 */
export function AccountActionLink({ id, username, viewerIsLoggedIn }: { readonly id: CardActionId; readonly username: string; readonly viewerIsLoggedIn: boolean }) {
  const intl = useIntl();
  const link = useLinks();
  const back = link("web_member_profile", { username });
  return (
    <a className="ks-button ks-button-small" href={link(viewerIsLoggedIn ? "web_security_register" : "web_security_login_and_go", { redirectUrl: back })} data-action={id} data-account-modal={viewerIsLoggedIn ? "register" : "login"}>
      {intl.formatMessage({ id: `user_card.action.${id}` })}
    </a>
  );
}

/**
 * The action bar as an anonymous visitor sees it: only the actions that need
 * an account, decided on the server (card-actions.ts cardAccountActions), so
 * the visitor's page carries neither the member-action policy nor the bar's
 * calls, confirmations and report form (decision 0035). It draws what
 * CardActionBar draws for the same visitor.
 */
export function VisitorActionBar({ actions, username, className }: { readonly actions: readonly CardActionId[]; readonly username: string; readonly className?: string }) {
  const intl = useIntl();
  if (actions.length === 0) return null;
  return (
    <div className={className ? `ks-card-actions ${className}` : "ks-card-actions"}>
      <div className="ks-card-actions-row" role="group" aria-label={intl.formatMessage({ id: "user_card.actions.primary" })}>
        {actions.map((id) => (
          <AccountActionLink key={id} id={id} username={username} viewerIsLoggedIn={false} />
        ))}
      </div>
    </div>
  );
}
