import { data, Link, redirect } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { ThemePicker } from "../theme-picker.tsx";
import type { Route } from "./+types/theme-settings-page";

/** The message of a form post's ?error=<code>, written out (a page is sent the ids it names). */
const errorMessageIds: Readonly<Record<string, string>> = {
  guest: "themes.error.guest",
  theme_unknown: "themes.error.theme_unknown",
  theme_empty: "themes.error.theme_empty",
};

/**
 * /settings/themes: a member's board style, piece set, sound set and
 * background (decision 0065). Visitors sign in first; guests, who keep the
 * default theme, are refused like the rest of the settings.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const viewer = context.viewer;
  const here = generateLink("web_user_settings_themes", {}, { locale: page.pathLocale });
  if (!viewer.isLoggedIn || viewer.id === null) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale: page.pathLocale }));
  if (!viewer.isMember) throw data(null, { status: 403 });
  const [selection, games] = await Promise.all([context.services.themes.activeSelection({ id: viewer.id, isMember: viewer.isMember }), context.services.games.inProgressOf(viewer.id)]);
  const error = new URL(request.url).searchParams.get("error");
  // A game of theirs to see the theme on, opened in place (no reload): the first in progress, their move first.
  const game = games[0];
  const sampleGame = game ? { path: generateLink(game.speed === "daily" ? "web_game" : "web_game_live", { id: String(game.id) }, { locale: page.pathLocale }), opponent: game.opponent } : null;
  return { selection, here, sampleGame, errorMessageId: error ? (errorMessageIds[error] ?? null) : null };
}

export default function ThemeSettingsPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const links = useLinks();
  const { selection, here, sampleGame, errorMessageId } = loaderData;
  return (
    <section className="ks-page ks-theme-settings" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "themes.page.title" })} />
      <p className="ks-theme-settings__intro">
        {intl.formatMessage({ id: "themes.page.intro" })} <a href={links("web_user_settings")}>{intl.formatMessage({ id: "themes.page.back" })}</a>
      </p>
      {sampleGame && (
        <p className="ks-theme-settings__sample">
          <Link to={sampleGame.path}>{intl.formatMessage({ id: "themes.page.see_on_game" }, { opponent: sampleGame.opponent })}</Link>
        </p>
      )}
      {errorMessageId && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: errorMessageId })}
        </p>
      )}
      <ThemePicker selection={selection} returnPath={here} />
    </section>
  );
}
