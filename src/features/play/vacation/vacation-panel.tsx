import { useEffect, useId, useState, type FormEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { CommandResult } from "../../../platform/realtime/socket-commands.ts";
import { useSocketCommand } from "../../../platform/realtime/socket-provider.tsx";
import { useAlerts } from "../../../ui/alert.tsx";
import type { VacationView } from "../play.schema.ts";
import "./vacation-panel.css";

type Status = Pick<VacationView, "daysLeft" | "onUntil">;

const refusalMessages: Readonly<Record<string, string>> = {
  "vacation.guest": "play.vacation.error.guest",
  "vacation.already_on": "play.vacation.error.already_on",
  "vacation.not_on": "play.vacation.error.not_on",
  "vacation.too_long": "play.vacation.error.too_long",
};

/**
 * The member's vacation (decision 0018): days left, the vacation in progress,
 * and a form to start or end one. Loaded over the page's socket, so the page
 * around it stays server-rendered; shown only to a signed-in member.
 */
export function VacationPanel() {
  const intl = useIntl();
  const { showAlert } = useAlerts();
  const daysId = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const [days, setDays] = useState(1);
  const [busy, setBusy] = useState(false);

  const command = useSocketCommand();

  useEffect(() => {
    let live = true;
    void command("vacation.status", {}).then((answer) => {
      if (live && answer.ok) setStatus(answer.value);
    });
    return () => {
      live = false;
    };
  }, [command]);

  async function send(sending: Promise<CommandResult<VacationView, string>>, doneId: string) {
    setBusy(true);
    const answer = await sending;
    setBusy(false);
    if (answer.ok) {
      setStatus(answer.value);
      showAlert({ type: "success", message: intl.formatMessage({ id: doneId }) });
    } else {
      showAlert({ type: "error", message: intl.formatMessage({ id: refusalMessages[answer.error] ?? "play.vacation.error.generic" }) });
    }
  }

  function start(event: FormEvent) {
    event.preventDefault();
    void send(command("vacation.start", { days }), "play.vacation.started");
  }

  if (!status) return null;
  const onUntil = status.onUntil ? new Date(status.onUntil) : null;
  return (
    <section className="ks-card ks-vacation" aria-labelledby={`${daysId}-title`}>
      <h2 id={`${daysId}-title`}>{intl.formatMessage({ id: "play.vacation.title" })}</h2>
      <p className="ks-muted">{intl.formatMessage({ id: "play.vacation.explain" })}</p>
      <p>{intl.formatMessage({ id: "play.vacation.days_left" }, { days: status.daysLeft })}</p>
      {onUntil ? (
        <div className="ks-actions">
          <p role="status">{intl.formatMessage({ id: "play.vacation.on_until" }, { until: intl.formatDate(onUntil, { dateStyle: "medium", timeStyle: "short" }) })}</p>
          <button type="button" className="ks-button" disabled={busy} onClick={() => void send(command("vacation.end", {}), "play.vacation.ended")}>
            {intl.formatMessage({ id: "play.vacation.end" })}
          </button>
        </div>
      ) : status.daysLeft > 0 ? (
        <form className="ks-inline-form" onSubmit={start}>
          <label htmlFor={daysId}>{intl.formatMessage({ id: "play.vacation.days_label" })}</label>
          <input id={daysId} type="number" min={1} max={status.daysLeft} step={1} value={days} onChange={(event) => setDays(Math.max(1, Math.min(status.daysLeft, Number(event.target.value) || 1)))} />
          <button type="submit" className="ks-button" disabled={busy}>
            {intl.formatMessage({ id: "play.vacation.start" })}
          </button>
        </form>
      ) : null}
    </section>
  );
}
