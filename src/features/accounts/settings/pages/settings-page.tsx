import type { ReactNode } from "react";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data, redirect, useRevalidator } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { TwoFactorSettings } from "../../two-factor/components/two-factor-settings.tsx";
import { RECOVERY_CODES_COOKIE } from "../../two-factor/recovery-codes-flash.server.ts";
import { isTwoFactorFailure } from "../../two-factor/two-factor.schema.ts";
import { CloseAccountForm } from "../components/close-account-form.tsx";
import { SessionsList } from "../components/sessions-list.tsx";
import { cookieValue } from "../page-links.server.ts";
import { isSettingsOutcome, newPasswordFailures, settingsFailures, type NewPasswordFailure, type SettingsFailure } from "../settings.schema.ts";
import { EmailForm, PasswordForm } from "../components/credentials-forms.tsx";
import { ProfileForms } from "../../profile/components/profile-forms.tsx";
import { isProfileFailure } from "../../profile/profile.schema.ts";
import { countryOptions } from "../../registration/country-options.server.ts";
import { PreferencesPanel } from "../../preferences/preferences-panel.tsx";
import { BoardOptionsForm } from "../../board-options/board-options-form.tsx";
import { FlairPicker } from "../../flair/flair-picker.tsx";
import { QuietedMembers } from "../../../social/quieted/quieted-members.tsx";
import { resolveRequestLocale } from "../../../../platform/i18n/request-locale.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import type { Route } from "./+types/settings-page";
import "../settings.css";
import "../../two-factor/two-factor.css";

/** The message of an ?error=<code> from one of the settings endpoints, or null. */
function errorMessageKey(code: string | null): string | null {
  if (isTwoFactorFailure(code)) return `two_factor.error.${code}`;
  if (isProfileFailure(code)) return `profile_settings.error.${code}`;
  if (code === "flair_unknown" || code === "flair_premium_only" || code === "flair_not_allowed") return `flair.error.${code}`;
  if (code === "board_settings_invalid") return "board_options.error.invalid_value_generic";
  if (code === "board_settings_members_only") return "board_options.error.members_only";
  const passwordFailure = newPasswordFailures.find((failure: NewPasswordFailure) => failure === code);
  if (passwordFailure) return `registration.error.${passwordFailure}`;
  const settingsFailure = settingsFailures.find((failure: SettingsFailure) => failure === code);
  return settingsFailure ? `account_settings.error.${settingsFailure}` : null;
}

/** The page's sections, in order: the navigation at the top links to each by its id. */
const sections = ["account", "profile", "flair", "email", "password", "preferences", "board", "two-factor", "sessions", "blocked", "close-account"] as const;

/**
 * /settings for signed-in members, in sections: account, profile (avatar,
 * names, location, country, bio), flair, email, password, preferences, board
 * options and site theme, two-factor
 * sign-in, active sessions, blocked and muted members, closing the account.
 * Forms are plain posts that come back here with ?done=<outcome> or
 * ?error=<code>; preferences and Unblock/Unmute also work in place.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const locale = page.pathLocale;
  const viewer = context.viewer;
  const done = query.get("done");
  const here = generateLink("web_user_settings", {}, { locale });
  if (!viewer.isLoggedIn || viewer.id === null) {
    if (viewer.id !== null) throw redirect(generateLink("web_2fa_login", { redirectUrl: here }, { locale }));
    if (done === "account_closed") return { routeName: page.route.name, closed: true as const };
    throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  }
  if (!viewer.isMember) throw data(null, { status: 403 });
  const cookies = request.headers.get("cookie");
  const sessionToken = cookieValue(cookies, context.services.sessionCookieName);
  if (!sessionToken) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  const { locale: language } = resolveRequestLocale(new URL(request.url), request.headers.get("host"));
  const [settings, profile, quieted, flair] = await Promise.all([
    context.services.accountSettings.page({
      userId: viewer.id,
      username: viewer.username,
      sessionToken,
      recoveryCodesCookie: cookieValue(cookies, RECOVERY_CODES_COOKIE),
    }),
    context.services.profile.details(viewer.id),
    context.services.quiets.blockedAndMutedBy(viewer.id),
    context.services.flair.picker({ id: viewer.id, level: viewer.membershipLevel }),
  ]);
  if (!profile || !flair) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  const international = context.messagesFor(language)["registration.country.international"] ?? "International";
  return {
    routeName: page.route.name,
    closed: false as const,
    done: isSettingsOutcome(done) ? done : null,
    errorKey: errorMessageKey(query.get("error")),
    settings,
    account: { username: viewer.username, email: await context.services.credentials.emailOf(viewer.id) },
    profile,
    countries: countryOptions(language, international),
    boardOptions: viewer.boardOptions,
    preferences: { archiveView: viewer.archiveView, homeContentType: viewer.homeContentType, fairPlayAgree: viewer.fairPlayAgree, allowFriendRequests: viewer.allowFriendRequests, canChooseHomeContent: viewer.isMember },
    quieted,
    flair,
  };
}

/** The page shows a member's sessions and, while enrolling, their TOTP secret: never cached. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  const title = intl.formatMessage({ id: `route.${loaderData.routeName}` });
  if (loaderData.closed) {
    return (
      <section className="ks-page ks-auth-page" aria-labelledby="page-title">
        <PageHeader title={title} />
        <div className="ks-card" role="status">
          <h2>{intl.formatMessage({ id: "account_settings.closed.title" })}</h2>
          <p className="ks-muted">{intl.formatMessage({ id: "account_settings.closed.text" })}</p>
        </div>
      </section>
    );
  }
  const { done, errorKey, settings, account, profile, countries, preferences, boardOptions, quieted, flair } = loaderData;
  return (
    <section className="ks-page ks-settings-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <nav className="ks-settings-nav" aria-label={intl.formatMessage({ id: "account_settings.nav" })}>
        <ul role="list">
          {sections.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{intl.formatMessage({ id: sectionTitle[section] })}</a>
            </li>
          ))}
        </ul>
      </nav>
      {done && (
        <p className="ks-form-success" role="status">
          {intl.formatMessage({ id: `account_settings.done.${done}` })}
        </p>
      )}
      {errorKey && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: errorKey })}
        </p>
      )}
      <SettingsSection id="account">
        <AccountSummary {...account} />
      </SettingsSection>
      <SettingsSection id="profile" lead="profile_settings.lead">
        <ProfileForms profile={profile} username={account.username} countries={countries} />
      </SettingsSection>
      <SettingsSection id="flair" lead="flair.picker.lead">
        <FlairPicker picker={flair} />
      </SettingsSection>
      <SettingsSection id="email">
        <EmailForm email={account.email} />
      </SettingsSection>
      <SettingsSection id="password">
        <PasswordForm />
      </SettingsSection>
      <SettingsSection id="preferences">
        <PreferencesPanel {...preferences} />
      </SettingsSection>
      <SettingsSection id="board" lead="board_options.lead">
        <BoardOptionsForm options={boardOptions} />
      </SettingsSection>
      <SettingsSection id="two-factor">
        <TwoFactorSettings status={settings.twoFactor} newRecoveryCodes={settings.newRecoveryCodes} />
      </SettingsSection>
      <SettingsSection id="sessions" lead="account_settings.sessions.lead">
        <SessionsList sessions={settings.sessions} />
      </SettingsSection>
      <SettingsSection id="blocked" lead="account_settings.quieted.lead">
        <QuietedMembers blocked={quieted.blocked} muted={quieted.muted} onChanged={() => void revalidator.revalidate()} />
      </SettingsSection>
      <SettingsSection id="close-account">
        <CloseAccountForm />
      </SettingsSection>
    </section>
  );
}

const sectionTitle: Readonly<Record<(typeof sections)[number], string>> = {
  account: "account_settings.account.title",
  profile: "profile_settings.title",
  flair: "flair.picker.title",
  email: "account_settings.email.title",
  password: "account_settings.password.title",
  preferences: "preferences.title",
  board: "board_options.title",
  "two-factor": "account_settings.two_factor.title",
  sessions: "account_settings.sessions.title",
  blocked: "account_settings.quieted.title",
  "close-account": "account_settings.close.title",
};

/** One card of the page, titled from sectionTitle; `id` is the navigation's anchor. */
function SettingsSection({ id, lead, children }: { id: (typeof sections)[number]; lead?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section className="ks-card ks-settings-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{intl.formatMessage({ id: sectionTitle[id] })}</h2>
      {lead && <p className="ks-muted">{intl.formatMessage({ id: lead })}</p>}
      {children}
    </section>
  );
}

function AccountSummary({ username, email }: { username: string; email: string | null }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <>
      <dl className="ks-facts ks-settings-facts">
        <div>
          <dt>{intl.formatMessage({ id: "account_settings.account.username" })}</dt>
          <dd>{username}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: "account_settings.account.email" })}</dt>
          <dd>{email ?? intl.formatMessage({ id: "account_settings.account.no_email" })}</dd>
        </div>
      </dl>
      <p>
        <a href={link("web_member_profile", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "account_settings.account.profile_link" })}</a>
      </p>
    </>
  );
}
