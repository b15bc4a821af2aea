import { useIntl } from "react-intl";
import { data, redirect } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { SESSION_COOKIE } from "../../sessions.service.server.ts";
import { TwoFactorSettings } from "../../two-factor/components/two-factor-settings.tsx";
import { RECOVERY_CODES_COOKIE } from "../../two-factor/recovery-codes-flash.server.ts";
import { isTwoFactorFailure } from "../../two-factor/two-factor.schema.ts";
import { CloseAccountForm } from "../components/close-account-form.tsx";
import { SessionsList } from "../components/sessions-list.tsx";
import { cookieValue } from "../page-links.server.ts";
import { isSettingsOutcome, settingsFailures } from "../settings.schema.ts";
import type { Route } from "./+types/settings-page";
import "../settings.css";
import "../../two-factor/two-factor.css";

/** The message of an ?error=<code> from one of the settings endpoints, or null. */
function errorMessageKey(code: string | null): string | null {
  if (isTwoFactorFailure(code)) return `two_factor.error.${code}`;
  const settingsFailure = settingsFailures.find((failure) => failure === code);
  return settingsFailure ? `account_settings.error.${settingsFailure}` : null;
}

/**
 * /settings for signed-in members: security (two-factor sign-in), active
 * sessions and closing the account. Everything works through plain form posts
 * that come back here with ?done=<outcome> or ?error=<code>.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const locale = page.pathLocale;
  const viewer = context.viewer;
  const done = query.get("done");
  const here = generateLink("web_user_settings", {}, { locale });
  if (!viewer.isLoggedIn || viewer.id === null) {
    if (viewer.id !== null) throw redirect(generateLink("web_2fa_login", { redirectUrl: here }, { locale }));
    if (done === "account_closed") return { routeName: page.route.name, closed: true as const };
    throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  }
  if (!viewer.isMember) throw data(null, { status: 403 });
  const cookies = request.headers.get("cookie");
  const sessionToken = cookieValue(cookies, SESSION_COOKIE);
  if (!sessionToken) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  const settings = await context.services.accountSettings.page({
    userId: viewer.id,
    username: viewer.username,
    sessionToken,
    recoveryCodesCookie: cookieValue(cookies, RECOVERY_CODES_COOKIE),
  });
  return {
    routeName: page.route.name,
    closed: false as const,
    done: isSettingsOutcome(done) ? done : null,
    errorKey: errorMessageKey(query.get("error")),
    settings,
  };
}

/** The page shows a member's sessions and, while enrolling, their TOTP secret: never cached. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `route.${loaderData.routeName}` });
  if (loaderData.closed) {
    return (
      <section className="ks-page ks-auth-page" aria-labelledby="page-title">
        <PageHeader title={title} />
        <div className="ks-card" role="status">
          <h2>{intl.formatMessage({ id: "account_settings.closed.title" })}</h2>
          <p className="ks-muted">{intl.formatMessage({ id: "account_settings.closed.text" })}</p>
        </div>
      </section>
    );
  }
  const { done, errorKey, settings } = loaderData;
  return (
    <section className="ks-page ks-settings-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      {done && (
        <p className="ks-form-success" role="status">
          {intl.formatMessage({ id: `account_settings.done.${done}` })}
        </p>
      )}
      {errorKey && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: errorKey })}
        </p>
      )}
      <section className="ks-card ks-settings-section" aria-labelledby="security-title">
        <h2 id="security-title">{intl.formatMessage({ id: "account_settings.security.title" })}</h2>
        <TwoFactorSettings status={settings.twoFactor} newRecoveryCodes={settings.newRecoveryCodes} />
      </section>
      <section className="ks-card ks-settings-section" aria-labelledby="sessions-title" id="sessions">
        <h2 id="sessions-title">{intl.formatMessage({ id: "account_settings.sessions.title" })}</h2>
        <p className="ks-muted">{intl.formatMessage({ id: "account_settings.sessions.lead" })}</p>
        <SessionsList sessions={settings.sessions} />
      </section>
      <section className="ks-card ks-settings-section" aria-labelledby="account-title" id="account">
        <h2 id="account-title">{intl.formatMessage({ id: "account_settings.account.title" })}</h2>
        <h3 className="ks-settings-subtitle">{intl.formatMessage({ id: "account_settings.close.title" })}</h3>
        <CloseAccountForm />
      </section>
    </section>
  );
}
