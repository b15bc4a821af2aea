import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../test/databases.ts";
import { openDatabase, queryRows, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { createRegistrationService } from "./registration/registration.service.server.ts";
import { createAccountSettingsService } from "./settings/settings.service.server.ts";
import { createSessionsService } from "./sessions.service.server.ts";
import { createStaffService } from "./staff/staff.service.server.ts";

/** Accounts' domain events, as the log holds them: written with the change, once per change. */
describe.each(databaseTargets())("accounts' domain events on $name", (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  const eventsOf = async (memberId: number) =>
    (await queryRows(database.db, sql`select type, payload from domain_events where (payload->>'memberId')::bigint = ${memberId} order by id`)).map((row) => ({ type: row.type, payload: row.payload }));

  it("records a registration, a guest's conversion, a closing and a disabling, each once", async () => {
    const registration = createRegistrationService(database.db);
    const registered = await registration.register({ username: "eventful", email: "eventful@kingside.test", password: "a long enough phrase 42", country: "GB", language: "en" }, null);
    if (!registered.ok) throw new Error("registration refused");
    expect(await eventsOf(registered.value.id)).toEqual([{ type: "accounts.member-registered", payload: { memberId: registered.value.id, convertedGuest: false } }]);

    const guest = await registration.createGuest("en");
    expect(await eventsOf(guest.id)).toEqual([]);
    const converted = await registration.register({ username: "converted", email: "converted@kingside.test", password: "another long phrase 42", country: "DE", language: "de" }, guest.id);
    expect(converted.ok).toBe(true);
    expect(await eventsOf(guest.id)).toEqual([{ type: "accounts.member-registered", payload: { memberId: guest.id, convertedGuest: true } }]);

    const settings = createAccountSettingsService(database.db);
    expect((await settings.closeAccount(registered.value.id, { password: "wrong", confirmed: true }, "127.0.0.1")).ok).toBe(false);
    expect(await settings.closeAccount(registered.value.id, { password: "a long enough phrase 42", confirmed: true }, "127.0.0.1")).toEqual({ ok: true, value: null });
    expect((await eventsOf(registered.value.id)).map((event) => event.payload)).toEqual([
      { memberId: registered.value.id, convertedGuest: false },
      { memberId: registered.value.id, how: "closed" },
    ]);

    const staff = createStaffService(database.db, createSessionsService(database.db));
    expect((await staff.disable(guest.id)).ok).toBe(true);
    expect((await staff.disable(guest.id)).ok).toBe(true);
    expect((await eventsOf(guest.id)).map((event) => event.type)).toEqual(["accounts.member-registered", "accounts.member-deactivated"]);
  });
});
