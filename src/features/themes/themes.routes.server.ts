import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import { declareFailures } from "../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { isLocale } from "../../platform/i18n/locales.ts";
import { messagesFor } from "../../platform/i18n/messages.server.ts";
import { intlFor } from "../../platform/i18n/translate.ts";
import { generateLink, safeRedirectPath } from "../../platform/links/links.ts";
import { requireSignedIn } from "../accounts/policy.server.ts";
import { presentActiveTheme } from "./active-theme.server.ts";
import { boardStyleOf, isBackgroundId, isBoardStyleId, isPieceSetId, isSoundSetId } from "./theme-catalogue.ts";
import { boardImage, themeStylesheet, stylesheetVersion } from "./theme-stylesheet.server.ts";
import { activeThemeQuerySchema, selectThemeBodySchema, themePaths } from "./themes.schema.ts";
import type { ThemeFailure, ThemesService } from "./themes.service.server.ts";

declareFailures<ThemeFailure | "not_yours">({
  guest: "refused",
  theme_unknown: "invalid",
  theme_empty: "invalid",
  not_yours: "refused",
});

const YEAR_SECONDS = 31_536_000;

/** A form post without JavaScript goes back to its same-site page (the theme settings by default). */
function backTo(redirectUrl: string | undefined): string {
  return safeRedirectPath(redirectUrl) ?? generateLink("web_user_settings_themes");
}

/**
 * Names in the asker's language: GetActiveTheme's optional Accept-Language
 * (spec 001 §7.4) when it names one of ours, else the request's language.
 */
function nameIn(request: FastifyRequest): (messageId: string) => string {
  const asked = /^\s*([a-z]{2})\b/i.exec(request.headers["accept-language"] ?? "")?.[1]?.toLowerCase();
  if (!isLocale(asked)) return (messageId) => translate(request, messageId);
  const intl = intlFor(asked, messagesFor(asked));
  return (messageId) => intl.formatMessage({ id: messageId });
}

/**
 * The theme service over HTTP (spec 001 §7.4; decision 0065):
 * GET /callback/themes/active (GetActiveTheme: everyone, the default for
 * visitors and guests), POST /callback/themes/select (SelectCustomTheme:
 * members; JSON or a plain form), and the files a theme is made of that are
 * not static: GET /pub/themes/{board}/{pieces}/{sounds}/{background}.css
 * and /pub/themes/boards/{board}.svg (no session, cached by everyone).
 */
export function registerThemesRoutes(app: FastifyInstance, deps: { themes: ThemesService }): void {
  const { themes } = deps;

  app.get(themePaths.active, async (request, reply) => {
    const query = activeThemeQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw new AppError("validation_failed");
    const user = request.viewer.user;
    const viewer = { id: user.isLoggedIn ? user.id : null, isMember: user.isMember };
    // The spec's userId names whose theme is asked for: only one's own is answered (a member's choice is theirs).
    if (query.data.userId !== undefined && query.data.userId !== viewer.id) {
      return sendFailure(reply, { code: "not_yours", message: translate(request, "themes.error.not_yours") });
    }
    const selection = await themes.activeSelection(viewer);
    return reply.header("cache-control", "private, no-cache").send({ theme: presentActiveTheme(selection, nameIn(request)) });
  });

  app.post(themePaths.select, async (request, reply) => {
    const session = requireSignedIn(request);
    const body = selectThemeBodySchema.safeParse(request.body ?? {});
    if (!body.success) return formFailed(request, reply, { code: "theme_unknown", message: translate(request, "themes.error.theme_unknown") }, backTo(undefined));
    const { redirectUrl, ...change } = body.data;
    const result = await themes.select({ id: session.user.id, level: session.user.membershipLevel }, change);
    if (!result.ok) {
      const field = result.values?.field;
      const message = translate(request, `themes.error.${result.error}`);
      return formFailed(request, reply, { code: result.error, message, ...(typeof field === "string" ? { fields: { [field]: message } } : {}) }, backTo(redirectUrl));
    }
    return formSucceeded(request, reply, backTo(redirectUrl), { theme: presentActiveTheme(result.value, nameIn(request)) });
  });

  app.get<{ Params: { board: string; pieces: string; sounds: string; file: string }; Querystring: { v?: string } }>("/pub/themes/:board/:pieces/:sounds/:file", async (request, reply) => {
    const { board, pieces, sounds, file } = request.params;
    const background = /^([a-z0-9-]+)\.css$/.exec(file)?.[1];
    if (!isBoardStyleId(board) || !isPieceSetId(pieces) || !isSoundSetId(sounds) || !isBackgroundId(background)) throw new AppError("not_found");
    const css = themeStylesheet({ boardStyleId: board, pieceSetId: pieces, soundSetId: sounds, backgroundId: background });
    // The URL's version is the text's hash: a current one never changes, an old one is served the current text briefly.
    const current = request.query.v === stylesheetVersion(css);
    return reply
      .header("content-type", "text/css; charset=utf-8")
      .header("cache-control", current ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=300")
      .send(css);
  });

  app.get<{ Params: { file: string } }>("/pub/themes/boards/:file", async (request, reply) => {
    const id = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
    if (!isBoardStyleId(id)) throw new AppError("not_found");
    return reply.header("content-type", "image/svg+xml").header("cache-control", "public, max-age=86400").send(boardImage(boardStyleOf(id)));
  });
}
