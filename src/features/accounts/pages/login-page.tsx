import { useIntl } from "../../../platform/i18n/intl.tsx";
import { redirect } from "react-router";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { safeRedirectPath } from "../../../platform/links/links.ts";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import type { Route } from "./+types/login-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const redirectUrl = safeRedirectPath(query.get("redirectUrl"));
  if (context.viewer.isLoggedIn) throw redirect(redirectUrl ?? "/home");
  return {
    routeName: page.route.name,
    redirectUrl,
    error: query.get("error")?.replace(/[^a-z_]/g, "").slice(0, 40) ?? null,
    username: query.get("username")?.slice(0, 254) ?? "",
    passwordReset: query.get("done") === "password_reset",
  };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { routeName, redirectUrl, error, username, passwordReset } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-auth-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <form method="post" action="/login" className="ks-form ks-card">
        <FormSecurityFields />
        {redirectUrl && <input type="hidden" name="redirectUrl" value={redirectUrl} />}
        {passwordReset && (
          <p className="ks-form-success" role="status">
            {intl.formatMessage({ id: "password_reset.done" })}
          </p>
        )}
        {error && (
          <p className="ks-form-error" role="alert">
            {intl.formatMessage({ id: `accounts.error.${error}`, defaultMessage: intl.formatMessage({ id: "error.bad_request" }) }, { label: "" })}
          </p>
        )}
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "accounts.login.username" })}</span>
          <input name="username" autoComplete="username" required maxLength={254} defaultValue={username} autoFocus={!username} />
        </label>
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "accounts.login.password" })}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} autoFocus={!!username} />
        </label>
        <p className="ks-login-forgot">
          <a href={link("web_security_forgot_password")}>{intl.formatMessage({ id: "accounts.login.forgot_password" })}</a>
        </p>
        <label className="ks-checkbox">
          <input name="remember" type="checkbox" value="1" />
          <span>{intl.formatMessage({ id: "accounts.login.remember" })}</span>
        </label>
        <button type="submit" className="ks-button ks-button-primary ks-button-large">{intl.formatMessage({ id: "accounts.login.submit" })}</button>
        <p className="ks-muted">
          {intl.formatMessage({ id: "accounts.login.no_account" })}{" "}
          <a href={link("web_security_register", redirectUrl ? { redirectUrl } : {})}>{intl.formatMessage({ id: "shell.nav.register" })}</a>
        </p>
      </form>
    </section>
  );
}
