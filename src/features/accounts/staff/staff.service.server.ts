import { and, eq, lt } from "drizzle-orm";
import { noDomainEventNotifier, publishDomainEvent, type DomainEventNotifier } from "../../../platform/domain-events/domain-events.server.ts";
import { memberDeactivatedDomainEvent } from "../accounts.domain-events.server.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { users, type UserRow } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { memberSummaryColumns, presentMemberSummary } from "../member-summary.server.ts";
import type { SessionsService } from "../sessions.service.server.ts";
import type { StaffActionFailure, StaffMemberAccount } from "./staff.schema.ts";
import { isProtectedAccount } from "./staff.policy.server.ts";

const accountColumns = {
  id: users.id,
  ...memberSummaryColumns,
  isEnabled: users.isEnabled,
  disabledAt: users.disabledAt,
  profileEditingAllowed: users.profileEditingAllowed,
};

type AccountRow = Pick<UserRow, keyof typeof accountColumns>;

function presentAccount(row: AccountRow): StaffMemberAccount {
  return {
    id: row.id,
    ...presentMemberSummary(row),
    isEnabled: row.isEnabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    profileEditingAllowed: row.profileEditingAllowed,
  };
}

/**
 * Staff account actions: disable (is_enabled false, disabled_at set, every
 * session ended, so the member is out at once and sign-in refuses them) and
 * enable. The only writer of is_enabled and disabled_at.
 */
export function createStaffService(db: Database, sessions: Pick<SessionsService, "endAllFor">, now: () => Date = () => new Date(), domainEvents: DomainEventNotifier = noDomainEventNotifier) {
  async function account(id: number): Promise<StaffMemberAccount | null> {
    const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
    return row ? presentAccount(row) : null;
  }

  return {
    memberAccount: account,

    async memberAccountByUsername(username: string): Promise<StaffMemberAccount | null> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.usernameKey, username.toLowerCase())).limit(1);
      return row ? presentAccount(row) : null;
    },

    async disable(memberId: number): Promise<Result<StaffMemberAccount, StaffActionFailure>> {
      const target = await account(memberId);
      if (!target) return fail("member_not_found");
      if (isProtectedAccount(target.membershipLevel)) return fail("account_protected");
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ isEnabled: false, disabledAt: target.isEnabled ? now() : undefined })
          .where(and(eq(users.id, memberId), lt(users.membershipLevel, levels.staff)))
          .returning(accountColumns);
        // Disabling a disabled member changes nothing: no second event.
        if (updated && target.isEnabled) await publishDomainEvent(tx, memberDeactivatedDomainEvent, { memberId, how: "disabled" });
        return updated;
      });
      if (!row) return fail("account_protected");
      domainEvents.kick();
      await sessions.endAllFor(memberId);
      return ok(presentAccount(row));
    },

    async enable(memberId: number): Promise<Result<StaffMemberAccount, StaffActionFailure>> {
      const [row] = await db.update(users).set({ isEnabled: true, disabledAt: null }).where(eq(users.id, memberId)).returning(accountColumns);
      return row ? ok(presentAccount(row)) : fail("member_not_found");
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
