import type { ChangeEvent } from "react";
import { useIntl } from "../../i18n/intl.tsx";
import "./human-check.css";

export type HumanCheckBoxPhase = "waiting" | "working" | "passed";

export interface HumanCheckBoxProps {
  readonly phase: HumanCheckBoxPhase;
  /** The estimated share of the work done while working, 0..1. */
  readonly progress: number;
  /** A message to show under the box (the last attempt went wrong). */
  readonly error?: string | null;
  /** Not usable yet (server render: the page has no script yet). */
  readonly disabled?: boolean;
  readonly onCheck: () => void;
}

/** The widget: a box to tick, then the work's progress. The same in the dialog and on the verification page. */
export function HumanCheckBox({ phase, progress, error, disabled = false, onCheck }: HumanCheckBoxProps) {
  const intl = useIntl();
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (event.target.checked) onCheck();
  }
  return (
    <div className="ks-human-check">
      <label className="ks-human-check__box">
        <input type="checkbox" checked={phase !== "waiting"} disabled={disabled || phase !== "waiting"} onChange={handleChange} />
        <span>{intl.formatMessage({ id: "human_check.checkbox" })}</span>
      </label>
      {phase === "working" && (
        <div className="ks-human-check__status" role="status">
          <progress max={100} value={Math.round(progress * 100)} aria-label={intl.formatMessage({ id: "human_check.checkbox" })} />
          <span>{intl.formatMessage({ id: "human_check.working" }, { progress })}</span>
        </div>
      )}
      {phase === "passed" && (
        <p className="ks-human-check__status" role="status">
          {intl.formatMessage({ id: "human_check.passed" })}
        </p>
      )}
      {error && (
        <p className="ks-form-error" role="alert">
          {error}
        </p>
      )}
      <p className="ks-muted ks-human-check__note">{intl.formatMessage({ id: "human_check.explanation" })}</p>
    </div>
  );
}
