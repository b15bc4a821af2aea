import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { redirect } from "react-router";
import { resolveRequestLocale } from "../../../../platform/i18n/request-locale.ts";
import { safeRedirectPath } from "../../../../platform/links/links.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { HumanCheckPassedNotice } from "../../../../platform/security/human-check/human-check-passed.tsx";
import { humanCheckPassedMark } from "../../../../platform/security/human-check/human-check-limits.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { UsernameField } from "../components/username-field.tsx";
import { countryOptions } from "../country-options.server.ts";
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  fieldErrorMessageId,
  fieldOf,
  isRegistrationFieldError,
  type RegistrationField,
  type RegistrationFieldError,
} from "../registration-rules.ts";
import type { Route } from "./+types/register-page";

/** Page-level refusals the form can name; anything else reads as the generic error. */
const pageErrors = ["validation_failed", "already_registered"] as const;
type PageError = (typeof pageErrors)[number] | "unknown";

function pageErrorOf(code: string | null): PageError | null {
  if (!code) return null;
  return pageErrors.find((known) => known === code) ?? "unknown";
}

export function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const url = new URL(request.url);
  const query = url.searchParams;
  const redirectUrl = safeRedirectPath(query.get("redirectUrl"));
  if (context.viewer.isMember) throw redirect(redirectUrl ?? "/home");
  const { locale } = resolveRequestLocale(url, request.headers.get("host"));
  const international = context.messagesFor(locale)["registration.country.international"] ?? "International";
  const fieldErrors = (query.get("invalid") ?? "")
    .split(",")
    .slice(0, 8)
    .filter((value): value is RegistrationFieldError => isRegistrationFieldError(value));
  return {
    routeName: page.route.name,
    redirectUrl,
    error: pageErrorOf(query.get("error")),
    fieldErrors,
    values: {
      username: query.get("username")?.slice(0, USERNAME_MAX_LENGTH * 2) ?? "",
      email: query.get("email")?.slice(0, EMAIL_MAX_LENGTH) ?? "",
      country: query.get("country")?.slice(0, 2).toUpperCase() ?? "",
    },
    countries: countryOptions(locale, international),
    invite: query.get("invite")?.slice(0, 64) ?? null,
    /** Back from the human check with the fields filled in again: only the password is left to type. */
    afterHumanCheck: query.get(humanCheckPassedMark.name) === humanCheckPassedMark.value,
    guestName: context.viewer.isLoggedIn && context.viewer.isGuest ? context.viewer.username : null,
  };
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const { routeName, redirectUrl, error, fieldErrors, values, countries, guestName, invite, afterHumanCheck } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const errorFor = (field: RegistrationField): string | null => {
    const found = fieldErrors.find((fieldError) => fieldOf(fieldError) === field);
    return found ? intl.formatMessage({ id: fieldErrorMessageId(found) }) : null;
  };
  const emailError = errorFor("email");
  const passwordError = errorFor("password");
  const countryError = errorFor("country");
  const firstInvalid = fieldErrors[0] ? fieldOf(fieldErrors[0]) : null;
  const focused: RegistrationField = firstInvalid ?? (afterHumanCheck && values.username ? "password" : "username");
  const pageMessage =
    error === null
      ? null
      : error === "validation_failed"
        ? intl.formatMessage({ id: "registration.error.summary" })
        : error === "already_registered"
          ? intl.formatMessage({ id: "registration.error.already_registered" })
          : intl.formatMessage({ id: "error.bad_request" });

  return (
    <section className="ks-page ks-auth-page ks-register-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })}>
        <p className="ks-muted ks-register-lead">{intl.formatMessage({ id: guestName ? "registration.guest.current" : "registration.lead" }, { username: guestName ?? "" })}</p>
      </PageHeader>
      <form method="post" action="/register" className="ks-form ks-card">
        <FormSecurityFields />
        {redirectUrl && <input type="hidden" name="redirectUrl" value={redirectUrl} />}
        {invite && <input type="hidden" name="invite" value={invite} />}
        {pageMessage && (
          <p className="ks-form-error" role="alert">
            {pageMessage}
          </p>
        )}
        <HumanCheckPassedNotice />
        <UsernameField defaultValue={values.username} serverError={errorFor("username")} autoFocus={focused === "username"} />
        <div className="ks-field">
          <label htmlFor="register-email">{intl.formatMessage({ id: "registration.email" })}</label>
          <input
            id="register-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={values.email}
            autoFocus={focused === "email"}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "register-email-error" : undefined}
          />
          {emailError && (
            <span id="register-email-error" className="ks-field-error">
              {emailError}
            </span>
          )}
        </div>
        <div className="ks-field">
          <label htmlFor="register-password">{intl.formatMessage({ id: "registration.password" })}</label>
          <input
            id="register-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoFocus={focused === "password"}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "register-password-hint register-password-error" : "register-password-hint"}
          />
          <div className="ks-field-notes">
            <span id="register-password-hint" className="ks-field-hint">
              {intl.formatMessage({ id: "registration.password.hint" }, { min: PASSWORD_MIN_LENGTH })}
            </span>
            {passwordError && (
              <span id="register-password-error" className="ks-field-error">
                {passwordError}
              </span>
            )}
          </div>
        </div>
        <div className="ks-field">
          <label htmlFor="register-country">{intl.formatMessage({ id: "registration.country" })}</label>
          <select
            id="register-country"
            name="country"
            required
            defaultValue={countries.some((option) => option.code === values.country) ? values.country : ""}
            autoFocus={focused === "country"}
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? "register-country-error" : undefined}
          >
            <option value="" disabled>
              {intl.formatMessage({ id: "registration.country.choose" })}
            </option>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {countryError && (
            <span id="register-country-error" className="ks-field-error">
              {countryError}
            </span>
          )}
        </div>
        <button type="submit" className="ks-button ks-button-primary ks-button-large">
          {intl.formatMessage({ id: "registration.submit" })}
        </button>
        <p className="ks-muted">
          {intl.formatMessage({ id: "registration.have_account" })}{" "}
          <a href={link("web_security_login", redirectUrl ? { redirectUrl } : {})}>{intl.formatMessage({ id: "shell.nav.login" })}</a>
        </p>
      </form>
      {!guestName && (
        <form method="post" action="/guest" className="ks-register-guest">
          <FormSecurityFields />
          {redirectUrl && <input type="hidden" name="redirectUrl" value={redirectUrl} />}
          <p className="ks-register-divider" aria-hidden="true">
            <span>{intl.formatMessage({ id: "registration.or" })}</span>
          </p>
          <button type="submit" className="ks-button ks-button-large ks-register-guest-button" aria-describedby="register-guest-hint">
            {intl.formatMessage({ id: "registration.guest.play" })}
          </button>
          <p id="register-guest-hint" className="ks-muted ks-register-guest-hint">
            {intl.formatMessage({ id: "registration.guest.hint" })}
          </p>
        </form>
      )}
    </section>
  );
}
