/** One email, as plain text: what every sender in the site hands the mailer. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * THE way the site sends email (sign-in notices, registration notices, and
 * later password resets and address changes): SMTP in production, a local
 * outbox of files otherwise. Never silently dropped: a message either leaves
 * or is written to the outbox, and a failure is logged by the caller.
 */
export interface Mailer {
  /** "smtp" or "outbox", for /healthz and logs. */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}
