import type { ReactNode } from "react";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { FormSecurityFields } from "../../../../platform/security/form-security-fields.tsx";

/**
 * A form that posts club text (a topic, a reply, a note) written in
 * Markdown; it works without JavaScript and comes back to `here`. `children`
 * are the fields before the text (a topic's title).
 */
export function ClubTextForm(props: {
  readonly action: string;
  readonly here: string;
  readonly headingId: string;
  readonly heading: string;
  readonly field: "body" | "note";
  readonly label: string;
  readonly maxLength: number;
  readonly rows: number;
  readonly submit: string;
  readonly children?: ReactNode;
}) {
  const intl = useIntl();
  const hintId = `${props.headingId}-markdown-hint`;
  return (
    <form method="post" action={props.action} className="ks-card ks-form ks-club-forum-form" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{props.heading}</h2>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={props.here} />
      {props.children}
      <label className="ks-field">
        {props.label}
        <textarea name={props.field} required maxLength={props.maxLength} rows={props.rows} aria-describedby={hintId} />
      </label>
      <p id={hintId} className="ks-field-hint">
        {intl.formatMessage({ id: "clubForum.markdown_hint" })}
      </p>
      <div className="ks-actions">
        <button type="submit" className="ks-button ks-button-primary">
          {props.submit}
        </button>
      </div>
    </form>
  );
}
