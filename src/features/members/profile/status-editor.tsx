import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useRevalidator } from "react-router";
import { HttpError } from "../../../platform/http/http-client.ts";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useAlerts } from "../../../ui/alert.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { STATUS_MAX_LENGTH } from "../../social/social.constants.ts";
import { cardPaths } from "../../social/card/user-card-calls.ts";
import type { StatusResponse } from "../../social/card/user-card.schema.ts";

/**
 * The member's own status line, on their profile: posts to
 * /callback/user/set-status through the HTTP client. The server keeps the
 * limit (50 characters, spec 001 §5) and its refusal shows under the field.
 */
export function StatusEditor({ statusText }: { statusText: string | null }) {
  const intl = useIntl();
  const client = useHttpClient();
  const revalidator = useRevalidator();
  const { showAlert } = useAlerts();
  const hydrated = useIsClient();
  const baseId = useId();
  const [value, setValue] = useState(statusText ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const length = [...value.trim()].length;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setValue(event.currentTarget.value);
    setError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await client.request<StatusResponse>("POST", cardPaths.setStatus, { body: { status: value }, quiet: true });
      setError(null);
      showAlert({ type: "success", message: intl.formatMessage({ id: "profile.status.saved" }) });
      await revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.message : intl.formatMessage({ id: "error.bad_request" }));
    } finally {
      setSaving(false);
    }
  }

  const inputId = `${baseId}-status`;
  const countId = `${baseId}-count`;
  const errorId = `${baseId}-error`;
  return (
    <form className="ks-status-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <label className="ks-status-label" htmlFor={inputId}>{intl.formatMessage({ id: "profile.status.label" })}</label>
      <div className="ks-status-row">
        <input
          id={inputId}
          name="status"
          value={value}
          onChange={handleChange}
          placeholder={intl.formatMessage({ id: "profile.status.placeholder" })}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${countId} ${errorId}` : countId}
        />
        <button type="submit" className="ks-button ks-button-small ks-button-primary" disabled={!hydrated || saving}>
          {intl.formatMessage({ id: "profile.status.save" })}
        </button>
      </div>
      <span id={countId} className={length > STATUS_MAX_LENGTH ? "ks-status-count ks-status-count-over" : "ks-status-count"}>
        {intl.formatMessage({ id: "profile.status.count" }, { count: length, max: STATUS_MAX_LENGTH })}
      </span>
      {error && (
        <p id={errorId} className="ks-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
