import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useAlerts } from "../../../ui/alert.tsx";
import { cardPaths } from "./user-card-calls.ts";
import type { CardReportReason, ReportReasonsResponse, ReportResponse } from "./user-card.schema.ts";

const DETAILS_MAX_LENGTH = 2000;

export interface ReportFormProps {
  readonly username: string;
  /** Called after the report was accepted (the card reloads). */
  readonly onReported: () => void;
  readonly onCancel: () => void;
}

/**
 * The report form (spec 001 §3.9, §7.3): a reason from GET
 * /callback/report-user/reasons, optional details, and "also block". Posts
 * to /callback/report-user through the HTTP client.
 */
export function ReportForm({ username, onReported, onCancel }: ReportFormProps) {
  const intl = useIntl();
  const client = useHttpClient();
  const { showAlert } = useAlerts();
  const baseId = useId();
  const reasonRef = useRef<HTMLSelectElement | null>(null);
  const [reasons, setReasons] = useState<readonly CardReportReason[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    client
      .get<ReportReasonsResponse>(cardPaths.reportReasons)
      .then((answer) => {
        if (!cancelled) setReasons(answer.reasons);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [client]);

  useEffect(() => {
    if (reasons) reasonRef.current?.focus({ preventScroll: true });
  }, [reasons]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = form.get("reason");
    const details = form.get("details");
    setSending(true);
    try {
      const answer = await client.post<ReportResponse>(cardPaths.report, {
        abuser_username: username,
        reason: typeof reason === "string" ? reason : "",
        details: typeof details === "string" ? details : "",
        block_user: form.get("block_user") === "1",
      });
      showAlert({ type: "success", message: answer.message ?? intl.formatMessage({ id: "error.bad_request" }) });
      onReported();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSending(false);
    }
  }

  const titleId = `${baseId}-title`;
  return (
    <form className="ks-report-form" aria-labelledby={titleId} onSubmit={(event) => void handleSubmit(event)}>
      <h3 id={titleId} className="ks-report-title">{intl.formatMessage({ id: "user_card.report.title" }, { username })}</h3>
      {failed && <p className="ks-form-error" role="alert">{intl.formatMessage({ id: "user_card.report.reasons_failed" })}</p>}
      {!reasons && !failed && <p className="ks-muted">{intl.formatMessage({ id: "user_card.loading" })}</p>}
      {reasons && (
        <>
          <label className="ks-field" htmlFor={`${baseId}-reason`}>
            <span>{intl.formatMessage({ id: "user_card.report.reason" })}</span>
            <select ref={reasonRef} id={`${baseId}-reason`} name="reason" required defaultValue="">
              <option value="" disabled>{intl.formatMessage({ id: "user_card.report.choose_reason" })}</option>
              {reasons.map((reason) => (
                <option key={reason.id} value={reason.id}>{reason.label}</option>
              ))}
            </select>
          </label>
          <label className="ks-field" htmlFor={`${baseId}-details`}>
            <span>{intl.formatMessage({ id: "user_card.report.details" })}</span>
            <textarea id={`${baseId}-details`} name="details" rows={3} maxLength={DETAILS_MAX_LENGTH} />
          </label>
          <label className="ks-checkbox">
            <input type="checkbox" name="block_user" value="1" />
            <span>{intl.formatMessage({ id: "user_card.report.also_block" })}</span>
          </label>
        </>
      )}
      <div className="ks-report-actions">
        <button type="button" className="ks-button ks-button-small ks-button-quiet" onClick={onCancel}>
          {intl.formatMessage({ id: "ui.confirm.cancel" })}
        </button>
        <button type="submit" className="ks-button ks-button-small ks-button-danger" disabled={!reasons || sending}>
          {intl.formatMessage({ id: "user_card.report.submit" })}
        </button>
      </div>
    </form>
  );
}
