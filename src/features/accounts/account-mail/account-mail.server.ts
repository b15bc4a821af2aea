import type { FastifyBaseLogger } from "fastify";
import { defaultLocale, isLocale } from "../../../platform/i18n/locales.ts";
import { messagesFor } from "../../../platform/i18n/messages.server.ts";
import { intlFor } from "../../../platform/i18n/translate.ts";
import { generateLink } from "../../../platform/links/links.ts";
import { sendLoggingFailure } from "../../../platform/mail/create-mailer.server.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";

/** Whom a message goes to, in their own language (users.language). */
export interface MailRecipient {
  readonly username: string;
  readonly email: string | null;
  readonly language: string;
}

type AccountMailKind = "sign_in_attempts" | "two_factor_attempts" | "registered" | "email_taken";

/** Where each message points the member: the page they act on. */
const linkOf: Record<AccountMailKind, () => string> = {
  sign_in_attempts: () => generateLink("web_user_settings"),
  two_factor_attempts: () => generateLink("web_user_settings"),
  registered: () => generateLink("web_security_login"),
  email_taken: () => generateLink("web_security_login"),
};

/**
 * The accounts feature's notices by email, through the site's one mailer:
 * each in the recipient's language, with absolute links built from the
 * configured site origin (never a request's Host). A mail that cannot leave
 * is logged; the request that caused it has already done its work.
 */
export function createAccountMail(mailer: Mailer, log: Pick<FastifyBaseLogger, "error">) {
  return {
    async send(kind: AccountMailKind, recipient: MailRecipient, siteOrigin: string): Promise<boolean> {
      if (!recipient.email) return false;
      const locale = isLocale(recipient.language) ? recipient.language : defaultLocale;
      const intl = intlFor(locale, messagesFor(locale));
      const values = { username: recipient.username, site: new URL(siteOrigin).host, link: `${siteOrigin}${linkOf[kind]()}` };
      return sendLoggingFailure(mailer, log, {
        to: recipient.email,
        subject: intl.formatMessage({ id: `account_mail.${kind}.subject` }, values),
        text: intl.formatMessage({ id: `account_mail.${kind}.text` }, values),
      });
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
