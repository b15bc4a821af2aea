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

/** Notices whose link is always the same page. */
type NoticeMailKind = "sign_in_attempts" | "two_factor_attempts" | "registered" | "email_taken" | "email_changed" | "email_change_taken";
/** Messages that carry a single-use link of their own (the caller gives its path). */
type LinkMailKind = "password_reset" | "email_change_confirm";
type AccountMailKind = NoticeMailKind | LinkMailKind;

/** Where each notice points the member: the page they act on. */
const linkOf: Record<NoticeMailKind, () => string> = {
  sign_in_attempts: () => generateLink("web_user_settings"),
  two_factor_attempts: () => generateLink("web_user_settings"),
  registered: () => generateLink("web_security_login"),
  email_taken: () => generateLink("web_security_login"),
  email_changed: () => generateLink("web_security_forgot_password"),
  email_change_taken: () => generateLink("web_security_forgot_password"),
};

function isNoticeKind(kind: AccountMailKind): kind is NoticeMailKind {
  return Object.hasOwn(linkOf, kind);
}

/** What the message names besides the member and the site (e.g. the new address of an email change). */
export interface AccountMailExtras {
  /** The path of the message's own link (single-use links); notices use their fixed page. */
  readonly path?: string;
  readonly values?: Readonly<Record<string, string>>;
}

/**
 * The accounts feature's notices by email, through the site's one mailer:
 * each in the recipient's language, with absolute links built from the
 * configured site origin (never a request's Host). A mail that cannot leave
 * is logged; the request that caused it has already done its work.
 */
export function createAccountMail(mailer: Mailer, log: Pick<FastifyBaseLogger, "error">) {
  return {
    async send(kind: AccountMailKind, recipient: MailRecipient, siteOrigin: string, extras: AccountMailExtras = {}): Promise<boolean> {
      if (!recipient.email) return false;
      const locale = isLocale(recipient.language) ? recipient.language : defaultLocale;
      const intl = intlFor(locale, messagesFor(locale));
      const path = extras.path ?? (isNoticeKind(kind) ? linkOf[kind]() : null);
      if (path === null) throw new Error(`the ${kind} mail needs the path of its link`);
      const values = { ...extras.values, username: recipient.username, site: new URL(siteOrigin).host, link: `${siteOrigin}${path}` };
      return sendLoggingFailure(mailer, log, {
        to: recipient.email,
        subject: intl.formatMessage({ id: `account_mail.${kind}.subject` }, values),
        text: intl.formatMessage({ id: `account_mail.${kind}.text` }, values),
      });
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
