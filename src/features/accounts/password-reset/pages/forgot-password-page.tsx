import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { passwordResetErrorCodes } from "../password-reset.schema.ts";
import type { Route } from "./+types/forgot-password-page";

/** /forgot-password: asks for the address; after a post, says a link is on its way if the address has an account. */
export function loader({ request }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const error = passwordResetErrorCodes.find((code) => code === query.get("error")) ?? null;
  return { routeName: page.route.name, sent: query.get("done") === "sent", linkInvalid: error === "invalid_link" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function ForgotPasswordPage({ loaderData }: Route.ComponentProps) {
  const { routeName, sent, linkInvalid } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-auth-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      {sent ? (
        <div className="ks-card ks-form" role="status">
          <h2>{intl.formatMessage({ id: "password_reset.sent.title" })}</h2>
          <p className="ks-muted">{intl.formatMessage({ id: "password_reset.sent.text" })}</p>
          <p>
            <a href={link("web_security_login")}>{intl.formatMessage({ id: "password_reset.back_to_login" })}</a>
          </p>
        </div>
      ) : (
        <form method="post" action="/forgot-password" className="ks-form ks-card">
          <FormSecurityFields />
          {linkInvalid && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: "password_reset.error.invalid_link" })}
            </p>
          )}
          <p className="ks-muted">{intl.formatMessage({ id: "password_reset.forgot.lead" })}</p>
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "password_reset.forgot.email" })}</span>
            <input name="email" type="email" autoComplete="email" required maxLength={254} autoFocus />
          </label>
          <button type="submit" className="ks-button ks-button-primary ks-button-large">{intl.formatMessage({ id: "password_reset.forgot.submit" })}</button>
          <p className="ks-muted">
            <a href={link("web_security_login")}>{intl.formatMessage({ id: "password_reset.back_to_login" })}</a>
          </p>
        </form>
      )}
    </section>
  );
}
