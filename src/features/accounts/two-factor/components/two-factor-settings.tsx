import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import type { TwoFactorEnrolment, TwoFactorStatus } from "../two-factor.schema.ts";

/** The key in groups of four, easier to read and type. */
function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? [secret]).join(" ");
}

function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const intl = useIntl();
  return (
    <div className="ks-form-success ks-recovery-codes-box" role="status">
      <h4 className="ks-settings-subtitle">{intl.formatMessage({ id: "two_factor.settings.codes_title" })}</h4>
      <p>{intl.formatMessage({ id: "two_factor.settings.codes_text" })}</p>
      <ol className="ks-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

function Enrolment({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const intl = useIntl();
  return (
    <div className="ks-enrolment">
      <img className="ks-qr-code" src={enrolment.qrCodeDataUrl} width={200} height={200} alt={intl.formatMessage({ id: "two_factor.settings.qr_alt" })} />
      <div className="ks-enrolment-steps">
        <p>{intl.formatMessage({ id: "two_factor.settings.scan" })}</p>
        <p className="ks-muted">{intl.formatMessage({ id: "two_factor.settings.manual" })}</p>
        <code className="ks-totp-secret" data-secret={enrolment.secret}>
          {groupedSecret(enrolment.secret)}
        </code>
        <form method="post" action="/settings/two-factor/confirm" className="ks-form">
          <FormSecurityFields />
          <label className="ks-field">
            <span>{intl.formatMessage({ id: "two_factor.settings.confirm_label" })}</span>
            <input name="code" className="ks-otp-input" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" maxLength={7} required spellCheck={false} />
          </label>
          <div className="ks-actions">
            <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "two_factor.settings.confirm" })}</button>
            <button type="submit" form="two-factor-restart" className="ks-button" formNoValidate>
              {intl.formatMessage({ id: "two_factor.settings.restart" })}
            </button>
          </div>
        </form>
        <form id="two-factor-restart" method="post" action="/settings/two-factor/start" hidden>
          <FormSecurityFields />
        </form>
      </div>
    </div>
  );
}

function DisableForm() {
  const intl = useIntl();
  return (
    <details className="ks-settings-details">
      <summary>{intl.formatMessage({ id: "two_factor.settings.disable_title" })}</summary>
      <form method="post" action="/settings/two-factor/disable" className="ks-form">
        <FormSecurityFields />
        <p className="ks-muted">{intl.formatMessage({ id: "two_factor.settings.disable_text" })}</p>
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "two_factor.settings.disable_code" })}</span>
          <input name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" maxLength={7} spellCheck={false} />
        </label>
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "two_factor.settings.disable_password" })}</span>
          <input name="password" type="password" autoComplete="current-password" maxLength={200} />
        </label>
        <div className="ks-actions">
          <button type="submit" className="ks-button ks-button-danger">{intl.formatMessage({ id: "two_factor.settings.disable" })}</button>
        </div>
      </form>
    </details>
  );
}

/** Two-factor sign-in in /settings: off (set it up), waiting for the first code, or on. */
export function TwoFactorSettings({ status, newRecoveryCodes }: { status: TwoFactorStatus; newRecoveryCodes: readonly string[] | null }) {
  const intl = useIntl();
  return (
    <section className="ks-settings-block" aria-labelledby="two-factor-title" id="two-factor">
      <div className="ks-settings-block-header">
        <h3 id="two-factor-title" className="ks-settings-subtitle">{intl.formatMessage({ id: "two_factor.settings.title" })}</h3>
        <span className={status.enabled ? "ks-status-pill ks-status-pill-on" : "ks-status-pill"} data-testid="two-factor-status">
          {intl.formatMessage({ id: status.enabled ? "two_factor.settings.status_on" : "two_factor.settings.status_off" })}
        </span>
      </div>
      {status.enabled ? (
        <>
          {newRecoveryCodes && <RecoveryCodes codes={newRecoveryCodes} />}
          <p className="ks-muted">
            {status.enabledAt && (
              <>
                {intl.formatMessage({ id: "two_factor.settings.enabled_at" })} <RelativeTime date={status.enabledAt} />
                {" · "}
              </>
            )}
            {intl.formatMessage({ id: "two_factor.settings.codes_left" }, { count: status.recoveryCodesLeft })}
          </p>
          <DisableForm />
        </>
      ) : status.enrolment ? (
        <Enrolment enrolment={status.enrolment} />
      ) : (
        <>
          <p className="ks-muted">{intl.formatMessage({ id: "two_factor.settings.off_text" })}</p>
          <form method="post" action="/settings/two-factor/start" className="ks-inline-form">
            <FormSecurityFields />
            <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "two_factor.settings.start" })}</button>
          </form>
        </>
      )}
    </section>
  );
}
