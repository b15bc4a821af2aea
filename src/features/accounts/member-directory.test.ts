import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { users } from "./accounts.tables.server.ts";
import { createMemberDirectory, type MemberDirectory } from "./member-directory.service.server.ts";

describe("the member directory", () => {
  let database: DatabaseHandle;
  let directory: MemberDirectory;
  let ids: number[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    directory = createMemberDirectory(database.db);
    const rows = await database.db
      .insert(users)
      .values([
        { username: "Ada", usernameKey: "ada", email: "ada@example.test", passwordHash: "secret-hash", countryCode: "GB" },
        { username: "bob", usernameKey: "bob", chessTitle: "GM" },
      ])
      .returning({ id: users.id });
    ids = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers members by ids, each once, leaving unknown ids out", async () => {
    const [ada, bob] = ids;
    if (ada === undefined || bob === undefined) throw new Error("fixture members missing");
    const members = await directory.membersByIds([bob, ada, bob, 999_999]);
    expect([...members.keys()].sort()).toEqual([ada, bob].sort());
    expect(members.get(ada)?.username).toBe("Ada");
    expect(members.get(ada)?.countryCode).toBe("GB");
    expect(members.get(bob)?.chessTitle).toBe("GM");
  });

  it("never hands out private columns", async () => {
    const [ada] = ids;
    if (ada === undefined) throw new Error("fixture member missing");
    const member = (await directory.membersByIds([ada])).get(ada);
    expect(member).toBeDefined();
    expect(Object.keys(member ?? {})).not.toEqual(expect.arrayContaining(["email"]));
    expect(JSON.stringify(member)).not.toContain("secret-hash");
    expect(JSON.stringify(member)).not.toContain("ada@example.test");
  });

  it("answers an empty list without a query and finds a member by username whatever its case", async () => {
    expect((await directory.membersByIds([])).size).toBe(0);
    expect((await directory.memberByUsername("ADA"))?.username).toBe("Ada");
    expect(await directory.memberByUsername("nobody")).toBeNull();
  });
});
