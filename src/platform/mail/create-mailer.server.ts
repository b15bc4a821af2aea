import type { FastifyBaseLogger } from "fastify";
import type { Mailer } from "./mailer.ts";
import { createOutboxMailer } from "./outbox-mailer.server.ts";
import { createSmtpMailer } from "./smtp-mailer.server.ts";

export interface MailConfig {
  /** SMTP_URL: when set, mail leaves through it. */
  readonly smtpUrl: string | undefined;
  /** MAIL_OUTBOX_DIR: where the outbox writes when there is no SMTP_URL. */
  readonly outboxDir: string;
  /** MAIL_FROM. */
  readonly from: string;
}

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(config.outboxDir, config.from, log);
}

/** Sends and logs a failure instead of failing the request that already did its work. */
export async function sendLoggingFailure(mailer: Mailer, log: Pick<FastifyBaseLogger, "error">, message: Parameters<Mailer["send"]>[0]): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ err: error }, "mail could not be sent");
    return false;
  }
}
