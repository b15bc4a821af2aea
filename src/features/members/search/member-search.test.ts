import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { appForSuite, rawRequest } from "../../../test/start-app.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { levels } from "../../accounts/levels.ts";
import { createMemberDirectory } from "../../accounts/member-directory.service.server.ts";
import { openSocket, signIn } from "../../presence/presence.test-kit.server.ts";
import { closeUsernames } from "./member-search.server.ts";

/** The usernames of the results on a /search page, in order. */
function resultNames(html: string): string[] {
  return [...html.matchAll(/<li class="ks-member-result" data-username="([^"]+)"/g)].map((match) => match[1] ?? "");
}

const finders = Array.from({ length: 45 }, (_, index) => `finder${String(index + 1).padStart(2, "0")}`);

describe.each(databaseTargets())("finding members on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const anonymous = () => new HttpSession(suite.current.baseUrl);
  const page = async (path: string) => {
    const response = await anonymous().request("GET", path);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  };

  beforeAll(async () => {
    const eleven = new Date(Date.now() - 11 * 366 * 24 * 60 * 60 * 1000);
    await suite.current.kingside.database.db.insert(users).values([
      ...finders.map((username) => ({ username, usernameKey: username, countryCode: "FR" })),
      { username: "FinderGM", usernameKey: "findergm", chessTitle: "GM", countryCode: "NO" },
      // Never found: a guest, closed and disabled accounts, a member gone for eleven years.
      { username: "findguest", usernameKey: "findguest", membershipLevel: levels.guest },
      { username: "findclosed", usernameKey: "findclosed", membershipLevel: levels.closed_voluntarily },
      { username: "finddisabled", usernameKey: "finddisabled", isEnabled: false },
      { username: "findgone", usernameKey: "findgone", createdAt: eleven, lastLoginAt: eleven },
      // "_" is a username character, not LIKE's wildcard.
      { username: "fin_x", usernameKey: "fin_x" },
      { username: "finax", usernameKey: "finax" },
    ]);
  });

  it("pages through the members a prefix finds, 20 a page, server-rendered with flags and titles", async () => {
    const first = await page("/search?q=finder");
    expect(first.status).toBe(200);
    expect(resultNames(first.html)).toEqual(finders.slice(0, 20));
    expect(first.html).toContain('href="/search?q=finder&amp;page=2"');
    expect(first.html).toMatch(/data-username="finder01".*?data-country="FR"/s);

    const third = await page("/search?q=finder&page=3");
    expect(resultNames(third.html)).toEqual([...finders.slice(40), "FinderGM"]);
    expect(third.html).not.toContain('rel="next"');
    expect(third.html).toMatch(/data-username="FinderGM".*?<abbr class="ks-title-badge"[^>]*>GM<\/abbr>/s);

    // Case and surrounding spaces do not matter.
    expect(resultNames((await page("/search?q=%20FINDER%20")).html)).toEqual(finders.slice(0, 20));
  });

  it("never lists guests, closed or disabled accounts, nor members gone for years", async () => {
    for (const prefix of ["findc", "findd", "findg"]) expect(resultNames((await page(`/search?q=${prefix}`)).html), prefix).toEqual([]);
    // The same members, searchable: found.
    expect(resultNames((await page("/search?q=finder0")).html)).toHaveLength(9);
  });

  it("answers a prefix nobody has with an empty list, and takes '_' literally", async () => {
    const none = await page("/search?q=zzqqxxy");
    expect(none.status).toBe(200);
    expect(resultNames(none.html)).toEqual([]);
    expect(none.html).toContain("No member’s username starts with “zzqqxxy”.");
    expect(resultNames((await page("/search?q=fin_")).html)).toEqual(["fin_x"]);
    // Characters no username has find nobody (and are not refused).
    expect(resultNames((await page("/search?q=fin%25")).html)).toEqual([]);
  });

  it("refuses a query under 3 or over 25 characters with a 400 that says why, searching nothing", async () => {
    const short = await page("/search?q=fi");
    expect(short.status).toBe(400);
    expect(short.html).toContain("Please enter 3 or more characters.");
    expect(resultNames(short.html)).toEqual([]);

    const long = await page(`/search?q=${"finder".repeat(5)}`);
    expect(long.status).toBe(400);
    expect(long.html).toContain("Search for at most 25 characters.");
    expect(resultNames(long.html)).toEqual([]);

    // No query is no search: the form alone.
    const empty = await page("/search");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('name="q"');
  });

  it("reads a page number that is not one as the first page, and says when a page is past the end", async () => {
    expect(resultNames((await page("/search?q=finder&page=abc")).html)).toEqual(finders.slice(0, 20));
    const past = await page("/search?q=finder&page=9999");
    expect(past.status).toBe(200);
    expect(resultNames(past.html)).toEqual([]);
    expect(past.html).toContain("No more members start with “finder”.");
  });

  it("shows who is online in the rendered results", async () => {
    const alice = await signIn(suite.current, "alice");
    const socket = await openSocket(suite.current, { cookie: alice.cookie });
    try {
      await expect.poll(async () => /data-username="alice".*?Online now/s.test((await page("/search?q=alice")).html)).toBe(true);
      expect((await page("/search?q=bob")).html).toMatch(/data-username="bob".*?Last online/s);
    } finally {
      socket.close();
    }
  });

  it("redirects a profile address with capitals to the lower-case one, permanently, keeping the locale and query", async () => {
    const base = suite.current.baseUrl;
    expect(await rawRequest(base, "GET", "/member/Alice", {})).toMatchObject({ status: 301, headers: { location: "/member/alice" } });
    expect(await rawRequest(base, "GET", "/es/member/ALICE?tab=1", {})).toMatchObject({ status: 301, headers: { location: "/es/member/alice?tab=1" } });
    // Every route's username parameter, not only the profile's.
    expect(await rawRequest(base, "GET", "/games/archive/Bob", {})).toMatchObject({ status: 301, headers: { location: "/games/archive/bob" } });
    expect((await page("/member/alice")).status).toBe(200);
  });

  it("answers a mistyped profile with 'Member not found', the closest names and a 404", async () => {
    const typo = await page("/member/alicee");
    expect(typo.status).toBe(404);
    expect(typo.html).toContain("Member not found");
    expect(typo.html).toContain("Nobody on Kingside is called “alicee”.");
    expect(typo.html).toContain('data-username="alice"');
    expect(typo.html).toContain('href="/search?q=alicee"');

    const nobody = await page("/member/qqzzxxww");
    expect(nobody.status).toBe(404);
    expect(nobody.html).toContain("Member not found");
    expect(nobody.html).not.toContain('id="member-suggestions-title"');
  });

  it("finds close usernames by ever shorter prefixes", async () => {
    const directory = createMemberDirectory(suite.current.kingside.database.db);
    const names = async (typed: string) => (await closeUsernames(directory, typed)).map((member) => member.username);
    expect(await names("alic")).toContain("alice");
    expect(await names("finder99")).toEqual(finders.slice(0, 5));
    expect(await names("finder4x")).toEqual(finders.slice(39, 44));
    expect(await names("qqzzxxww")).toEqual([]);
    expect(await names("not a name")).toEqual([]);
  });
});
