import { mkdir, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { Mailer, MailMessage } from "./mailer.ts";

/** RFC 5322-ish text a mail client opens: headers, a blank line, the body. */
function asEml(message: MailMessage, from: string, date: Date): string {
  const header = (value: string) => value.replace(/[\r\n]+/g, " ");
  return [`From: ${header(from)}`, `To: ${header(message.to)}`, `Subject: ${header(message.subject)}`, `Date: ${date.toUTCString()}`, "Content-Type: text/plain; charset=utf-8", "", message.text, ""].join("\r\n");
}

/**
 * The development and laptop mailer: each message becomes one .eml file in
 * `directory` (by default the data directory's mail-outbox/), and the log
 * says where, so a person running the site can open it.
 */
export function createOutboxMailer(directory: string, from: string, log: Pick<FastifyBaseLogger, "info">): Mailer {
  const folder = resolve(directory);
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(folder, { recursive: true });
      const at = new Date();
      const file = join(folder, `${at.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, asEml(message, from, at), { encoding: "utf8", flag: "wx" });
      log.info({ mail: pathToFileURL(file).href }, "mail written to the outbox");
    },
  };
}
