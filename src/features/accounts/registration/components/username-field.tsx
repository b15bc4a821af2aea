import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { useHttpClient } from "../../../../platform/http/http-client-context.tsx";
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, usernameShapeProblem } from "../registration-rules.ts";
import type { UsernameValidity } from "../registration.schema.ts";

/** Wait this long after the last keystroke before asking the server. */
const CHECK_DELAY_MS = 350;

type CheckState =
  | { readonly kind: "idle" }
  | { readonly kind: "checking" }
  | { readonly kind: "valid"; readonly username: string }
  | { readonly kind: "invalid"; readonly message: string };

export interface UsernameFieldProps {
  readonly defaultValue: string;
  /** The server's refusal of the last post, shown until the member types. */
  readonly serverError: string | null;
  readonly autoFocus: boolean;
}

/**
 * The username input. After hydration it checks the name as the member types
 * (its shape at once, then GET /callback/user/valid, debounced) and announces
 * the answer politely; without JavaScript the form simply posts.
 */
export function UsernameField({ defaultValue, serverError, autoFocus }: UsernameFieldProps) {
  const intl = useIntl();
  const client = useHttpClient();
  const [state, setState] = useState<CheckState>({ kind: "idle" });
  const [edited, setEdited] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const username = event.target.value.trim();
    setEdited(true);
    if (timer.current) clearTimeout(timer.current);
    const request = ++latest.current;
    if (!username) {
      setState({ kind: "idle" });
      return;
    }
    const problem = usernameShapeProblem(username);
    timer.current = setTimeout(() => {
      if (problem) {
        setState({ kind: "invalid", message: intl.formatMessage({ id: `registration.error.username.${problem}` }) });
        return;
      }
      setState({ kind: "checking" });
      client
        .request<UsernameValidity>("GET", "/callback/user/valid", { query: { username }, quiet: true })
        .then((answer) => {
          if (request !== latest.current) return;
          if (answer.valid) setState({ kind: "valid", username });
          else setState({ kind: "invalid", message: answer.message ?? intl.formatMessage({ id: `registration.error.username.${answer.reason ?? "taken"}` }) });
        })
        .catch(() => {
          // The check is a convenience: the form post decides.
          if (request === latest.current) setState({ kind: "idle" });
        });
    }, CHECK_DELAY_MS);
  }

  const shownError = state.kind === "invalid" ? state.message : edited ? null : serverError;
  const status =
    state.kind === "checking"
      ? intl.formatMessage({ id: "registration.username.checking" })
      : state.kind === "valid"
        ? intl.formatMessage({ id: "registration.username.available" }, { username: state.username })
        : "";

  return (
    <div className="ks-field">
      <label htmlFor="register-username">{intl.formatMessage({ id: "registration.username" })}</label>
      <input
        id="register-username"
        name="username"
        autoComplete="username"
        required
        minLength={USERNAME_MIN_LENGTH}
        maxLength={USERNAME_MAX_LENGTH}
        spellCheck={false}
        autoCapitalize="none"
        defaultValue={defaultValue}
        autoFocus={autoFocus}
        onChange={handleChange}
        aria-invalid={shownError ? true : undefined}
        aria-describedby="register-username-hint register-username-status"
      />
      <div className="ks-field-notes">
        <span id="register-username-hint" className="ks-field-hint">
          {intl.formatMessage({ id: "registration.username.hint" }, { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
        </span>
        <span id="register-username-status" className={shownError ? "ks-field-error" : state.kind === "checking" ? "ks-field-hint" : "ks-field-ok"} role="status" aria-live="polite">
          {shownError ?? status}
        </span>
      </div>
    </div>
  );
}
