import { useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { HttpError } from "../../../platform/http/http-client.ts";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { safeRedirectPath } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { Modal } from "../../../ui/modal.tsx";

/** Which of the two the modal opens as. */
export type AccountModalMode = "login" | "register";

/** POST /login answers this JSON when it signs the member in. */
interface SignInAnswer {
  readonly status: "ok";
  readonly redirect: string;
}

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** The login/register modal's dialog (account-modal.tsx opens it). */
export function AccountModal({ mode, onClose }: { mode: AccountModalMode; onClose: () => void }) {
  const intl = useIntl();
  const link = useLinks();
  const client = useHttpClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirectUrl = safeRedirectPath(currentPath()) ?? "/";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer = await client.request<SignInAnswer>("POST", "/login", {
        body: { username: formText(form, "username"), password: formText(form, "password"), remember: form.get("remember") ? 1 : 0, redirectUrl },
        quiet: true,
      });
      // The server's target: the same page (now signed in), or the two-factor step.
      window.location.assign(safeRedirectPath(answer.redirect) ?? redirectUrl);
    } catch (failure) {
      setError(failure instanceof HttpError && failure.message ? failure.message : intl.formatMessage({ id: "error.bad_request" }));
      setBusy(false);
    }
  }

  const title = intl.formatMessage({ id: mode === "register" ? "accounts.modal.register_title" : "accounts.modal.login_title" });
  return (
    <Modal title={title} onClose={onClose} size="small" className="ks-account-modal">
      <p className="ks-muted">{intl.formatMessage({ id: "accounts.modal.why" })}</p>
      <a className="ks-button ks-button-primary ks-button-large ks-account-modal-register" href={link("web_security_register", { redirectUrl })}>
        {intl.formatMessage({ id: "accounts.modal.create_account" })}
      </a>
      <form className="ks-form" onSubmit={(event) => void handleSubmit(event)} aria-label={intl.formatMessage({ id: "accounts.modal.login_title" })}>
        <p className="ks-account-modal-or">{intl.formatMessage({ id: "accounts.modal.or_log_in" })}</p>
        {error && (
          <p className="ks-form-error" role="alert">
            {error}
          </p>
        )}
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "accounts.login.username" })}</span>
          <input name="username" autoComplete="username" required maxLength={254} />
        </label>
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "accounts.login.password" })}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
        </label>
        <label className="ks-checkbox">
          <input name="remember" type="checkbox" value="1" />
          <span>{intl.formatMessage({ id: "accounts.login.remember" })}</span>
        </label>
        <button type="submit" className="ks-button ks-button-primary" disabled={busy}>
          {intl.formatMessage({ id: "accounts.login.submit" })}
        </button>
      </form>
    </Modal>
  );
}

/** A text field of a submitted form ("" when absent; a file input is no text). */
function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
