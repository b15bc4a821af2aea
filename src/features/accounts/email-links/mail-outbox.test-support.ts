import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh outbox directory for one suite's mail (pass it as mailOutboxDir). */
export function freshOutbox(name: string): string {
  return mkdtempSync(join(tmpdir(), `kingside-${name}-mail-`));
}

/** The messages in `outbox` addressed to `address`, oldest first, as raw .eml text. */
export function mailTo(outbox: string, address: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(join(outbox, file), "utf8"))
    .filter((mail) => mail.includes(`\r\nTo: ${address}\r\n`));
}

/** Waits (at most 5 s) until `address` has `count` messages; some mail leaves after the answer (the reset request). */
export async function waitForMail(outbox: string, address: string, count = 1): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mailTo(outbox, address);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The path of the first link to the site in a message (the mail carries absolute links). */
export function linkPathIn(mail: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathPrefix.replace(/[/.]/g, "\\$&")}[A-Za-z0-9_-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${pathPrefix} link in the mail:\n${mail}`);
  return match[1];
}
