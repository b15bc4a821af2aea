import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { redirect } from "react-router";
import { generateLink, safeRedirectPath } from "../../../../platform/links/links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { isTwoFactorFailure } from "../two-factor.schema.ts";
import type { Route } from "./+types/two-factor-page";
import "../two-factor.css";

/**
 * /2fa: the second step of signing in, for a session whose password was right
 * and whose code is still due. Anyone else is sent on: visitors to the login
 * page, members already past this step to where they were going.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const redirectUrl = safeRedirectPath(query.get("redirectUrl"));
  const locale = page.pathLocale;
  const viewer = context.viewer;
  if (viewer.isLoggedIn) throw redirect(redirectUrl ?? generateLink("web_home", {}, { locale }));
  if (viewer.id === null) throw redirect(generateLink("web_security_login", redirectUrl ? { redirectUrl } : {}, { locale }));
  const error = query.get("error");
  return { routeName: page.route.name, redirectUrl, error: isTwoFactorFailure(error) ? error : null };
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { routeName, redirectUrl, error } = loaderData;
  const intl = useIntl();
  const redirectField = redirectUrl ? <input type="hidden" name="redirectUrl" value={redirectUrl} /> : null;
  return (
    <section className="ks-page ks-auth-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      <div className="ks-card ks-two-factor-step">
        <form method="post" action="/2fa" className="ks-form">
          <FormSecurityFields />
          {redirectField}
          <p className="ks-muted ks-two-factor-lead">{intl.formatMessage({ id: "two_factor.step.lead" })}</p>
          {error && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: `two_factor.error.${error}` })}
            </p>
          )}
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "two_factor.step.code" })}</span>
            <input
              name="code"
              className="ks-otp-input"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
              autoFocus
              spellCheck={false}
            />
          </label>
          <button type="submit" className="ks-button ks-button-primary ks-button-large">
            {intl.formatMessage({ id: "two_factor.step.submit" })}
          </button>
        </form>
        <details className="ks-two-factor-recovery">
          <summary>{intl.formatMessage({ id: "two_factor.step.use_recovery" })}</summary>
          <form method="post" action="/2fa" className="ks-form">
            <FormSecurityFields />
            {redirectField}
            <label className="ks-field">
              <span>{intl.formatMessage({ id: "two_factor.step.recovery_code" })}</span>
              <input name="recoveryCode" autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={40} required />
              <span className="ks-field-hint">{intl.formatMessage({ id: "two_factor.step.recovery_hint" })}</span>
            </label>
            <button type="submit" className="ks-button">
              {intl.formatMessage({ id: "two_factor.step.recovery_submit" })}
            </button>
          </form>
        </details>
        <form method="post" action="/logout" className="ks-two-factor-cancel">
          <FormSecurityFields />
          <button type="submit" className="ks-button ks-button-quiet">
            {intl.formatMessage({ id: "two_factor.step.cancel" })}
          </button>
        </form>
      </div>
    </section>
  );
}
