import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { users } from "../accounts.tables.server.ts";
import { isPremiumLevel } from "../levels.ts";
import { flairAvailableTo, flairByCode, flairCatalogue, flairName, placeholderFlair, type FlairCategory, type FlairStatus } from "./flair-catalogue.ts";
import { flairChoiceRefusal, flairListRefusal, flairResetRefusal, type FlairRefusal } from "./flair.policy.ts";

/** Who acts, as the session knows them. */
export interface FlairActor {
  readonly id: number;
  readonly level: number;
}

export type FlairFailure = FlairRefusal | "member_not_found";

/** A member's flair as the calls return it (spec 001 §3.4: code, id, name, status). */
export interface MemberFlair {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly status: FlairStatus;
}

export interface AvailableFlair {
  readonly current: MemberFlair;
  readonly flair: readonly { readonly id: number; readonly code: string; readonly category: FlairCategory }[];
}

/** One flair of the settings picker: all are listed; `available` says whether this member may wear it (the rest open the upsell). */
export interface FlairChoice {
  readonly code: string;
  readonly category: FlairCategory;
  readonly available: boolean;
}

/** What the settings picker draws: the member's flair and status, and every flair with whether they may choose it. */
export interface FlairPickerData {
  readonly current: MemberFlair;
  readonly premium: boolean;
  readonly choices: readonly FlairChoice[];
}

function memberFlair(code: string, status: string): MemberFlair {
  const flair = flairByCode(code);
  return { id: flair?.id ?? placeholderFlair.id, code: flair?.code ?? placeholderFlair.code, name: flairName(flair?.code ?? placeholderFlair.code), status: status === "hidden" ? "hidden" : "active" };
}

/** Told the username of a member whose shown flair may have changed (a choice, a status, a reset). */
export type FlairChangeListener = (username: string) => void;

/**
 * A member's flair: the flair they may choose, choosing one, showing or
 * hiding it, and the moderators' reset. The only writer of the flair columns.
 * Readers that keep answers a moment (the visitor's card, decision 0067) ask
 * to be told of each change here with `onChanged`, on this instance.
 */
export function createFlairService(db: Database) {
  const listeners = new Set<FlairChangeListener>();
  function changed(username: string): void {
    for (const listener of listeners) listener(username);
  }

  async function memberByUsername(username: string) {
    const [row] = await db
      .select({ id: users.id, level: users.membershipLevel, flairCode: users.flairCode, flairStatus: users.flairStatus })
      .from(users)
      .where(eq(users.usernameKey, username.toLowerCase()));
    return row ?? null;
  }

  return {
    /** Calls `listener` after each change of a member's flair; the answer stops it. */
    onChanged(listener: FlairChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async available(actor: FlairActor, username: string): Promise<Result<AvailableFlair, FlairFailure>> {
      const member = await memberByUsername(username);
      if (!member) return fail("member_not_found");
      const refusal = flairListRefusal(actor, member.id);
      if (refusal) return fail(refusal);
      return ok({
        current: memberFlair(member.flairCode, member.flairStatus),
        flair: flairAvailableTo(member.level).map(({ id, code, category }) => ({ id, code, category })),
      });
    },

    /** The member's own picker (settings): decided here, so the page never loads the catalogue or the policy. */
    async picker(actor: FlairActor): Promise<FlairPickerData | null> {
      const [row] = await db.select({ flairCode: users.flairCode, flairStatus: users.flairStatus }).from(users).where(eq(users.id, actor.id));
      if (!row) return null;
      return {
        current: memberFlair(row.flairCode, row.flairStatus),
        premium: isPremiumLevel(actor.level),
        choices: flairCatalogue.map(({ code, category }) => ({ code, category, available: flairChoiceRefusal(actor.level, code) === null })),
      };
    },

    async setFlair(actor: FlairActor, code: string): Promise<Result<{ readonly flair: MemberFlair }, FlairFailure>> {
      const refusal = flairChoiceRefusal(actor.level, code);
      if (refusal) return fail(refusal);
      const [row] = await db.update(users).set({ flairCode: code, flairStatus: "active" }).where(eq(users.id, actor.id)).returning({ username: users.username, flairCode: users.flairCode, flairStatus: users.flairStatus });
      if (!row) return fail("member_not_found");
      changed(row.username);
      return ok({ flair: memberFlair(row.flairCode, row.flairStatus) });
    },

    async setStatus(actor: FlairActor, status: FlairStatus): Promise<Result<{ readonly flair: MemberFlair }, FlairFailure>> {
      const [row] = await db.update(users).set({ flairStatus: status }).where(eq(users.id, actor.id)).returning({ username: users.username, flairCode: users.flairCode, flairStatus: users.flairStatus });
      if (!row) return fail("member_not_found");
      changed(row.username);
      return ok({ flair: memberFlair(row.flairCode, row.flairStatus) });
    },

    /** Back to the placeholder (spec 000 §7 /member/reset_flair/{username}); the member may choose again. */
    async reset(actor: FlairActor, username: string): Promise<Result<{ readonly username: string; readonly flair: MemberFlair }, FlairFailure>> {
      const refusal = flairResetRefusal(actor.level);
      if (refusal) return fail(refusal);
      const [row] = await db
        .update(users)
        .set({ flairCode: placeholderFlair.code, flairStatus: "active" })
        .where(eq(users.usernameKey, username.toLowerCase()))
        .returning({ username: users.username, flairCode: users.flairCode, flairStatus: users.flairStatus });
      if (!row) return fail("member_not_found");
      changed(row.username);
      return ok({ username: row.username, flair: memberFlair(row.flairCode, row.flairStatus) });
    },
  };
}

export type FlairService = ReturnType<typeof createFlairService>;
