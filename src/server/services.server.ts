import type { Database } from "../platform/db/client.server.ts";
import type { Services } from "../platform/http/load-context.ts";
import type { OutboxNotifier } from "../platform/realtime/outbox.server.ts";
import type { SessionsEndedNotice } from "../platform/realtime/sessions-ended.server.ts";
import { createMembersService } from "../features/members/members.service.server.ts";
import { createSocialService } from "../features/social/social.service.server.ts";
import { createMemberItemsService } from "../features/social/member-items.service.server.ts";
import { createUserCardService } from "../features/social/user-card.service.server.ts";
import { createAccountSettingsService } from "../features/accounts/settings/settings.service.server.ts";
import { createBuiltinMembershipProvider, createMembershipService } from "../features/accounts/membership/membership.service.server.ts";
import { createStaffService } from "../features/accounts/staff/staff.service.server.ts";
import { createSessionsService } from "../features/accounts/sessions.service.server.ts";

/** Every feature's service, built once per process around the shared database and bus. */
export function createServices(db: Database, outbox: OutboxNotifier, sessionsEnded: SessionsEndedNotice): Services {
  const social = createSocialService(db, outbox);
  const memberItems = createMemberItemsService(db);
  return {
    members: createMembersService(db),
    social,
    memberItems,
    userCards: createUserCardService(db, social, memberItems),
    accountSettings: createAccountSettingsService(db, undefined, sessionsEnded),
    membership: createMembershipService(db, createBuiltinMembershipProvider(db)),
    staff: createStaffService(db, createSessionsService(db, undefined, sessionsEnded)),
  };
}
