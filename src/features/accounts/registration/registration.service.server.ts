import { hash } from "@node-rs/argon2";
import { randomInt } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { noDomainEventNotifier, publishDomainEvent, type DomainEventNotifier } from "../../../platform/domain-events/domain-events.server.ts";
import { memberRegisteredDomainEvent } from "../accounts.domain-events.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { users } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { isCommonPassword } from "./common-passwords.ts";
import type { CountryCode } from "./countries.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, usernameKeyOf, usernameShapeProblem, type RegistrationFieldError, type UsernameProblem } from "./registration-rules.ts";
import type { GuestSummary } from "./registration.schema.ts";

export interface RegistrationInput {
  /** Already checked against the username rules (registrationBodySchema). */
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly country: CountryCode;
  /** The member's language (the page they registered from). */
  readonly language: string;
}

/** What is written: the email is left out when it belongs to another account. */
type StoredRegistration = Omit<RegistrationInput, "email"> & { readonly email: string | null };

export interface RegisteredMember {
  readonly id: number;
  readonly username: string;
  /**
   * Set when the email belonged to another account: the member is registered
   * without it (registration never says an address is taken) and its owner
   * is told by mail instead.
   */
  readonly emailOwner?: { readonly username: string; readonly email: string; readonly language: string };
  /** A guest became this member: the same row, so its games stay its own. */
  readonly convertedGuest: boolean;
}

/** A refusal names every field that failed, as "<field>.<code>" values keyed by field. */
export type RegistrationRefusal = "refused" | "not_a_guest";

/** Guests are "Guest" and ten digits; a clash with an existing name is retried. */
const GUEST_NAME_ATTEMPTS = 8;

export function generateGuestName(): string {
  return `Guest${randomInt(1_000_000_000, 10_000_000_000)}`;
}

/**
 * Refusals that need no database: the password's own problems. THE password
 * rule of the site: registration uses it, and so must every password change
 * (a password equal to the username or the email is the first one an
 * attacker tries).
 */
export function passwordProblems(password: string, owner: { readonly username: string; readonly email: string | null }): RegistrationFieldError[] {
  if (isCommonPassword(password)) return ["password.too_common"];
  const typed = password.trim().toLowerCase();
  if (typed === owner.username.trim().toLowerCase()) return ["password.same_as_username"];
  if (owner.email && typed === owner.email.trim().toLowerCase()) return ["password.same_as_email"];
  return [];
}

/**
 * The first thing wrong with a new password (a reset or a change in
 * /settings): the registration form's length rules, then passwordProblems.
 */
export function newPasswordProblem(password: string, owner: { readonly username: string; readonly email: string | null }): RegistrationFieldError | null {
  if (password.length === 0) return "password.required";
  if (password.length < PASSWORD_MIN_LENGTH) return "password.too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "password.too_long";
  return passwordProblems(password, owner)[0] ?? null;
}

function refused(errors: readonly RegistrationFieldError[]): Result<never, RegistrationRefusal> {
  const values: Record<string, string> = {};
  for (const error of errors) values[error.slice(0, error.indexOf("."))] ??= error;
  return fail("refused", values);
}

/**
 * Registration and guests. Every refusal is decided before anything is
 * written; a name or email taken by a concurrent registration is caught by
 * the unique indexes and answered as "taken" too, so nothing is ever half made.
 */
/** `domainEvents`: kicked after a registration committed (without it, the dispatcher's periodic pass delivers the event). */
export function createRegistrationService(db: Database, now: () => Date = () => new Date(), domainEvents: DomainEventNotifier = noDomainEventNotifier) {
  /** Which of the username and email another account already has (the guest's own row does not count). */
  async function takenFields(username: string, email: string | null, exceptUserId: number | null): Promise<RegistrationFieldError[]> {
    const usernameKey = usernameKeyOf(username);
    const emailKey = email?.toLowerCase() ?? null;
    const [row] = await db
      .select({
        username: sql<boolean>`coalesce(bool_or(${users.usernameKey} = ${usernameKey}), false)`,
        email: emailKey === null ? sql<boolean>`false` : sql<boolean>`coalesce(bool_or(lower(${users.email}) = ${emailKey}), false)`,
      })
      .from(users)
      .where(
        and(
          emailKey === null ? eq(users.usernameKey, usernameKey) : sql`(${users.usernameKey} = ${usernameKey} or lower(${users.email}) = ${emailKey})`,
          exceptUserId === null ? undefined : ne(users.id, exceptUserId),
        ),
      );
    const taken: RegistrationFieldError[] = [];
    if (row?.username) taken.push("username.taken");
    if (row?.email) taken.push("email.taken");
    return taken;
  }

  async function ownerOfEmail(email: string): Promise<{ username: string; email: string; language: string } | null> {
    const [row] = await db.select({ username: users.username, email: users.email, language: users.language }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    return row?.email ? { username: row.username, email: row.email, language: row.language } : null;
  }

  /** A new member's row, whether inserted or converted from a guest. */
  function memberColumns(input: StoredRegistration, passwordHash: string) {
    return {
      username: input.username,
      usernameKey: usernameKeyOf(input.username),
      email: input.email,
      passwordHash,
      countryCode: input.country,
      language: input.language,
      membershipLevel: levels.basic,
      lastLoginAt: now(),
    };
  }

  async function createMember(input: StoredRegistration, passwordHash: string): Promise<Result<RegisteredMember, RegistrationRefusal>> {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values(memberColumns(input, passwordHash))
        .onConflictDoNothing()
        .returning({ id: users.id, username: users.username });
      if (row) await publishDomainEvent(tx, memberRegisteredDomainEvent, { memberId: row.id, convertedGuest: false });
      return row;
    });
    if (created) {
      domainEvents.kick();
      return ok({ ...created, convertedGuest: false });
    }
    // Someone took the name or the email between the check and the insert.
    const taken = await takenFields(input.username, input.email, null);
    if (taken.length === 0) throw new Error("registration insert refused without a taken name or email");
    return refused(taken);
  }

  async function convertGuest(guestId: number, input: StoredRegistration, passwordHash: string): Promise<Result<RegisteredMember, RegistrationRefusal>> {
    try {
      const converted = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          // The register date is the day the guest became a member.
          .set({ ...memberColumns(input, passwordHash), createdAt: now() })
          .where(and(eq(users.id, guestId), eq(users.membershipLevel, levels.guest)))
          .returning({ id: users.id, username: users.username });
        if (row) await publishDomainEvent(tx, memberRegisteredDomainEvent, { memberId: row.id, convertedGuest: true });
        return row;
      });
      if (!converted) return fail("not_a_guest");
      domainEvents.kick();
      return ok({ ...converted, convertedGuest: true });
    } catch (error) {
      const taken = await takenFields(input.username, input.email, guestId);
      if (taken.length > 0) return refused(taken);
      throw error;
    }
  }

  return {
    /** The username check as the member types: its shape first, then whether it is taken. */
    async usernameProblem(username: string, exceptUserId: number | null = null): Promise<UsernameProblem | null> {
      const shape = usernameShapeProblem(username);
      if (shape) return shape;
      const taken = await takenFields(username.trim(), null, exceptUserId);
      return taken.length > 0 ? "taken" : null;
    },

    /**
     * Registers a member (basic level). A signed-in guest (guestId) becomes
     * that member in place: same id, same games.
     */
    async register(input: RegistrationInput, guestId: number | null): Promise<Result<RegisteredMember, RegistrationRefusal>> {
      const taken = await takenFields(input.username, input.email, guestId);
      const problems = [...taken.filter((problem) => problem !== "email.taken"), ...passwordProblems(input.password, input)];
      if (problems.length > 0) return refused(problems);
      // A taken email is not refused (that would tell anyone which addresses have accounts):
      // the member is registered without it, and the address's owner hears of it by mail.
      const emailOwner = taken.includes("email.taken") ? await ownerOfEmail(input.email) : null;
      const stored = emailOwner ? { ...input, email: null } : input;
      // argon2id is the library's default algorithm (its const enum cannot be imported here); the tests check the "$argon2id$" prefix.
      const passwordHash = await hash(input.password);
      const result = guestId === null ? await createMember(stored, passwordHash) : await convertGuest(guestId, stored, passwordHash);
      return result.ok && emailOwner ? ok({ ...result.value, emailOwner }) : result;
    },

    /** A guest member: level 0, a generated name, no email and no password. */
    async createGuest(language: string): Promise<{ id: number; username: string }> {
      for (let attempt = 0; attempt < GUEST_NAME_ATTEMPTS; attempt += 1) {
        const username = generateGuestName();
        const [created] = await db
          .insert(users)
          .values({ username, usernameKey: usernameKeyOf(username), membershipLevel: levels.guest, language, lastLoginAt: now() })
          .onConflictDoNothing()
          .returning({ id: users.id, username: users.username });
        if (created) return created;
      }
      throw new Error("no free guest name after several attempts");
    },

    /** Stores a guest's skill level; members have none to set. */
    async updateGuestSkillLevel(userId: number, skillLevel: number): Promise<Result<GuestSummary, "not_a_guest">> {
      const [updated] = await db
        .update(users)
        .set({ skillLevel })
        .where(and(eq(users.id, userId), eq(users.membershipLevel, levels.guest)))
        .returning({ username: users.username, skillLevel: users.skillLevel });
      return updated ? ok(updated) : fail("not_a_guest");
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
