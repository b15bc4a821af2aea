import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../registration/registration-rules.ts";

/** Change password: the current one, then the new one (the registration rules); other sessions are signed out. */
export function PasswordForm() {
  const intl = useIntl();
  return (
    <form method="post" action="/settings/password" className="ks-form ks-settings-form">
      <FormSecurityFields />
      <p className="ks-muted">{intl.formatMessage({ id: "account_settings.password.lead" }, { min: PASSWORD_MIN_LENGTH })}</p>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "account_settings.password.current" })}</span>
        <input name="current_password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
      </label>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "account_settings.password.new" })}</span>
        <input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
      </label>
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "account_settings.password.submit" })}</button>
      </div>
    </form>
  );
}

/** Change email: the new address and the password; the change waits for the link mailed to the new address. */
export function EmailForm({ email }: { email: string | null }) {
  const intl = useIntl();
  return (
    <form method="post" action="/settings/email" className="ks-form ks-settings-form">
      <FormSecurityFields />
      <p className="ks-muted">
        {email ? intl.formatMessage({ id: "account_settings.email.current" }, { email: <strong key="email">{email}</strong> }) : intl.formatMessage({ id: "account_settings.email.none" })}
      </p>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "account_settings.email.new" })}</span>
        <input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} />
      </label>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "account_settings.email.password" })}</span>
        <input name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
      </label>
      <p className="ks-muted">{intl.formatMessage({ id: "account_settings.email.lead" })}</p>
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "account_settings.email.submit" })}</button>
      </div>
    </form>
  );
}
