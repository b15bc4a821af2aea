import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer.ts";

/** Production: every message through the SMTP server of SMTP_URL (smtp[s]://user:pass@host:port). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
