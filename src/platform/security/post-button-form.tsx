import { FormSecurityFields } from "./form-security-fields.tsx";

export interface PostButtonFormProps {
  readonly action: string;
  /** Where the server sends the browser back to after the post. */
  readonly back: string;
  readonly label: string;
  readonly hidden?: Readonly<Record<string, string>>;
  readonly primary?: boolean;
  readonly testId?: string;
  readonly className?: string;
}

/** A one-button form that posts to a callback and comes back to `back`: works before and without JavaScript. */
export function PostButtonForm({ action, back, label, hidden = {}, primary = false, testId, className }: PostButtonFormProps) {
  return (
    <form method="post" action={action} className={className}>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={back} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={primary ? "ks-button ks-button-primary" : "ks-button"} data-testid={testId}>
        {label}
      </button>
    </form>
  );
}
