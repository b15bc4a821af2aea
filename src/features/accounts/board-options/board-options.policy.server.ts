import { fail, ok, type Result } from "../../../shared/result.ts";
import { requireSignedIn, type PolicyRequest } from "../policy.server.ts";
import type { ActiveSession } from "../sessions.service.server.ts";

/**
 * Who may save board options: members (basic and up). A guest's account is
 * a temporary one: it plays with the defaults and is told so (403,
 * board_settings_members_only); anonymous visitors get 401; disabled and
 * closed accounts 403. Reading needs nothing: anyone without saved options
 * reads the defaults.
 */
export const boardOptionsPolicy = {
  change(request: PolicyRequest): Result<ActiveSession, "board_settings_members_only"> {
    const session = requireSignedIn(request);
    return request.viewer.user.isMember ? ok(session) : fail("board_settings_members_only");
  },
};
