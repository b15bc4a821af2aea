import { useRef } from "react";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { ConfirmPopover } from "../../../../ui/confirm-popover.tsx";
import { useIsClient } from "../../../../ui/use-is-client.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";

/**
 * Closing one's own account: the password, a checkbox, and (with JavaScript)
 * a confirmation next to the button. Without JavaScript the checkbox is the
 * confirmation and the button submits at once.
 */
export function CloseAccountForm() {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement | null>(null);
  const isClient = useIsClient();
  const submitLabel = intl.formatMessage({ id: "account_settings.close.submit" });

  function handleConfirm() {
    const form = formRef.current;
    if (form && form.reportValidity()) form.submit();
  }

  return (
    <form ref={formRef} method="post" action="/settings/close-account" className="ks-form ks-close-account-form">
      <FormSecurityFields />
      <p className="ks-muted">{intl.formatMessage({ id: "account_settings.close.text" })}</p>
      <label className="ks-field">
        <span>{intl.formatMessage({ id: "account_settings.close.password" })}</span>
        <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
      </label>
      <label className="ks-checkbox">
        <input name="confirm" type="checkbox" value="1" required />
        <span>{intl.formatMessage({ id: "account_settings.close.confirm_check" })}</span>
      </label>
      <div className="ks-actions">
        {isClient ? (
          <ConfirmPopover
            trigger={submitLabel}
            triggerClassName="ks-button ks-button-danger"
            message={intl.formatMessage({ id: "account_settings.close.question" })}
            confirmLabel={submitLabel}
            danger
            onConfirm={handleConfirm}
          />
        ) : (
          <button type="submit" className="ks-button ks-button-danger">{submitLabel}</button>
        )}
      </div>
    </form>
  );
}
