import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../registration/registration-rules.ts";
import { passwordResetErrorCodes, passwordResetMessageKey } from "../password-reset.schema.ts";
import type { Route } from "./+types/reset-password-page";

/**
 * /reset-password/{token}: the page the mailed link opens. A live link shows
 * the new-password form (opening it does not use the link up; saving does);
 * a used or expired one says so and offers a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const token = page.params.token ?? "";
  const query = new URL(request.url).searchParams;
  const error = passwordResetErrorCodes.find((code) => code === query.get("error")) ?? null;
  const live = await context.services.passwordReset.linkIsLive(token);
  return { routeName: page.route.name, token: live ? token : null, errorKey: error ? passwordResetMessageKey(error) : null };
}

/** The link is a secret: never cached anywhere. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { routeName, token, errorKey } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-auth-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      {token ? (
        <form method="post" action="/reset-password" className="ks-form ks-card">
          <FormSecurityFields />
          <input type="hidden" name="token" value={token} />
          {errorKey && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: errorKey })}
            </p>
          )}
          <p className="ks-muted">{intl.formatMessage({ id: "password_reset.reset.lead" }, { min: PASSWORD_MIN_LENGTH })}</p>
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "password_reset.reset.password" })}</span>
            <input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} autoFocus />
          </label>
          <button type="submit" className="ks-button ks-button-primary ks-button-large">{intl.formatMessage({ id: "password_reset.reset.submit" })}</button>
        </form>
      ) : (
        <div className="ks-card ks-form" role="alert">
          <h2>{intl.formatMessage({ id: "password_reset.invalid.title" })}</h2>
          <p className="ks-muted">{intl.formatMessage({ id: "password_reset.error.invalid_link" })}</p>
          <p>
            <a className="ks-button ks-button-primary" href={link("web_security_forgot_password")}>{intl.formatMessage({ id: "password_reset.invalid.new_link" })}</a>
          </p>
        </div>
      )}
    </section>
  );
}
