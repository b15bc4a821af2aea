import type { FastifyInstance, FastifyRequest } from "fastify";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded, sendFailure, wantsJson, type FormFailure } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { safeRedirectPath } from "../../../platform/links/links.ts";
import { pageLinkFor } from "../settings/page-links.server.ts";
import { defaultBoardOptions, storedSettingsOf, usersMePath, type SettingsKey, type StoredBoardSettings } from "./board-options.ts";
import { boardOptionsPolicy } from "./board-options.policy.server.ts";
import { boardSettingsEnvelopeSchema, parseBoardSettingsChange, parseIncludedKeys, type BoardSettingsProblem } from "./board-options.schema.ts";
import type { BoardOptionsService } from "./board-options.service.server.ts";

export const boardSettingsFailures = declareFailures({
  /** An unknown key, a value outside its key's choices, or nothing to change. */
  board_settings_invalid: "malformed",
  board_settings_members_only: "refused",
});

const defaultStoredSettings = storedSettingsOf(defaultBoardOptions);

function pick(settings: StoredBoardSettings, keys: readonly SettingsKey[]): Partial<Record<SettingsKey, unknown>> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]));
}

function invalid(request: FastifyRequest, problem: BoardSettingsProblem): FormFailure {
  if (problem.kind === "empty") return { code: "board_settings_invalid", message: translate(request, "board_options.error.empty") };
  const message = translate(request, `board_options.error.${problem.kind}`, { key: problem.key });
  return { code: "board_settings_invalid", message, fields: { [problem.key]: message } };
}

/** Where a settings form goes back to: its same-site redirectUrl, else the board section of /settings. */
function backTo(request: FastifyRequest, done: boolean): string {
  const envelope = boardSettingsEnvelopeSchema.safeParse(request.body ?? {});
  const requested = envelope.success ? safeRedirectPath(envelope.data.redirectUrl) : null;
  if (requested) return requested;
  return pageLinkFor(request, "web_user_settings", done ? { done: "board_saved" } : {}, { anchor: "board" });
}

/**
 * GET /callback/settings/users/me?include=a,b: the saved map by the spec's
 * keys (spec 001 §7.4); members read theirs, everyone else the defaults.
 * POST the same path with a map of keys: members only; JSON from the HTTP
 * client or a plain form post (303 back to the page). Order: policy
 * (401/403) -> parse (400, nothing changes) -> service -> the saved map.
 */
export function registerBoardOptionsRoutes(app: FastifyInstance, deps: { boardOptions: BoardOptionsService }): void {
  app.get<{ Querystring: { include?: unknown } }>(usersMePath, async (request, reply) => {
    const included = parseIncludedKeys(request.query.include);
    if (!included.ok) return sendFailure(reply, invalid(request, { kind: "unknown_key", key: included.key }));
    const viewer = request.viewer;
    const settings = viewer.session && viewer.user.isMember ? await deps.boardOptions.settingsOf(viewer.session.user.id) : defaultStoredSettings;
    // Per member: never kept by a shared cache.
    return reply.header("cache-control", "private, no-store").send(pick(settings, included.keys));
  });

  app.post(usersMePath, async (request, reply) => {
    const allowed = boardOptionsPolicy.change(request);
    if (!allowed.ok) {
      const failure = { code: allowed.error, message: translate(request, "board_options.error.members_only") };
      return wantsJson(request) ? sendFailure(reply, failure) : formFailed(request, reply, failure, backTo(request, false));
    }
    const parsed = parseBoardSettingsChange(request.body, !wantsJson(request));
    if (!parsed.ok) return formFailed(request, reply, invalid(request, parsed.problem), backTo(request, false));
    const settings = await deps.boardOptions.change(allowed.value.user.id, parsed.change);
    return formSucceeded(request, reply, backTo(request, true), { settings });
  });
}
