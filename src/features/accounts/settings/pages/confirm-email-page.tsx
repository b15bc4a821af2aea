import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import type { Route } from "./+types/confirm-email-page";

/**
 * /settings/email/confirm/{token}: the page the link mailed to a new address
 * opens. It names the address and changes it with one button (a POST: mail
 * scanners that open links change nothing). No session is needed: the link is
 * the proof that the address is the member's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const token = page.params.token ?? "";
  const query = new URL(request.url).searchParams;
  const newEmail = await context.services.credentials.pendingEmailOf(token);
  return { routeName: page.route.name, token: newEmail ? token : null, newEmail, taken: query.get("error") === "email_taken" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const { routeName, token, newEmail, taken } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-auth-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      {token && newEmail ? (
        <form method="post" action="/settings/email/confirm" className="ks-form ks-card">
          <FormSecurityFields />
          <input type="hidden" name="token" value={token} />
          {taken && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: "account_settings.error.email_taken" })}
            </p>
          )}
          <p>{intl.formatMessage({ id: "account_settings.email.confirm_lead" }, { email: <strong key="email">{newEmail}</strong> })}</p>
          <button type="submit" className="ks-button ks-button-primary ks-button-large">{intl.formatMessage({ id: "account_settings.email.confirm_submit" })}</button>
        </form>
      ) : (
        <div className="ks-card ks-form" role="alert">
          <p>{intl.formatMessage({ id: "account_settings.error.invalid_link" })}</p>
          <p>
            <a href={link("web_user_settings", {}, { anchor: "email" })}>{intl.formatMessage({ id: "account_settings.email.back" })}</a>
          </p>
        </div>
      )}
    </section>
  );
}
