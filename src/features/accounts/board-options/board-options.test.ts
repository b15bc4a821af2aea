import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import type { HttpSession } from "../../../test/http-session.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { games, gameSeats } from "../../play/play.tables.server.ts";
import { boardSettings, users } from "../accounts.tables.server.ts";
import { userFacts } from "../staff/member-facts.test-support.ts";
import { settingsKeys, usersMePath } from "./board-options.ts";

const defaults = {
  "board.animation_type": "medium",
  "board.coordinates": "inside",
  "board.show_legal_moves": true,
  "board.highlight_moves": true,
  "board.white_always_on_bottom": false,
  "board.move_list_style": "text",
  "board.move_classification_style": "default",
  "board.move_method": "drag",
  "board.play_sounds": true,
  "gameplay.show_timestamps": false,
  "site.dark_mode": null,
};

/** One value other than the default for every key (as sent, and as saved). */
const changes: ReadonlyArray<readonly [string, unknown, unknown]> = [
  ["board.animation_type", "fast", "fast"],
  ["board.coordinates", "outside", "outside"],
  ["board.show_legal_moves", false, false],
  ["board.highlight_moves", 0, false],
  ["board.white_always_on_bottom", 1, true],
  ["board.move_list_style", "figurine", "figurine"],
  ["board.move_classification_style", "none", "none"],
  ["board.move_method", "click", "click"],
  ["board.play_sounds", false, false],
  ["gameplay.show_timestamps", true, true],
  ["site.dark_mode", false, false],
];

async function settingsOf(browser: HttpSession, include = settingsKeys.join(",")): Promise<Record<string, unknown>> {
  const response = await browser.get(`${usersMePath}?include=${encodeURIComponent(include)}`);
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  if (!body || typeof body !== "object") throw new Error("not a map");
  return Object.fromEntries(Object.entries(body));
}

/** The site theme on a server-rendered page's <html>. */
async function pageTheme(browser: HttpSession): Promise<string | undefined> {
  return /<html[^>]* data-theme="([a-z]+)"/.exec(await browser.html("/clubs"))?.[1];
}

/** What the server-rendered board of a game page shows: its orientation and whether it has coordinates. */
async function gameBoard(browser: HttpSession, gamePath: string): Promise<{ orientation: string | undefined; coordinates: boolean; outside: boolean }> {
  const response = await browser.get(gamePath);
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    orientation: /ks-board-static orientation-(white|black)/.exec(html)?.[1],
    coordinates: html.includes("<coords"),
    outside: /ks-board-frame[^"]*ks-coords-outside/.test(html),
  };
}

describe.each(databaseTargets())("board options (settings service users/me) on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  let guestAddress = 0;

  async function guest(): Promise<HttpSession> {
    const browser = anonymous();
    await browser.ensureCsrf();
    guestAddress += 1;
    const response = await browser.request("POST", "/guest", { json: {}, headers: { "x-forwarded-for": `203.0.113.${guestAddress}` } });
    expect(response.status).toBe(200);
    return browser;
  }

  async function rowOf(username: string) {
    const { id } = await userFacts(db(), username);
    const [row] = await db().select().from(boardSettings).where(eq(boardSettings.userId, id));
    return row ?? null;
  }

  it("gives a member who never saved the defaults, by the keys asked for", async () => {
    const bob = await as("bob");
    expect(await settingsOf(bob)).toEqual(defaults);
    expect(await settingsOf(bob, "board.coordinates,board.move_method")).toEqual({ "board.coordinates": "inside", "board.move_method": "drag" });
    expect(await rowOf("bob")).toBeNull();
    expect(await pageTheme(bob)).toBe("system");
  });

  it("gives guests and visitors the defaults, and refuses their changes", async () => {
    const visitor = anonymous();
    expect(await settingsOf(visitor)).toEqual(defaults);
    const refusedVisitor = await visitor.post(usersMePath, { "board.coordinates": "off" });
    expect(refusedVisitor.status).toBe(401);

    const guestBrowser = await guest();
    expect(await settingsOf(guestBrowser)).toEqual(defaults);
    const refused = await guestBrowser.post(usersMePath, { "board.coordinates": "off" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "board_settings_members_only", message: expect.stringContaining("members") });
    expect(await settingsOf(guestBrowser)).toEqual(defaults);
    const guestRows = await db().select({ userId: boardSettings.userId }).from(boardSettings).innerJoin(users, eq(users.id, boardSettings.userId)).where(eq(users.membershipLevel, 0));
    expect(guestRows).toEqual([]);
    expect(await pageTheme(guestBrowser)).toBe("system");
  });

  it.each(changes)("round-trips %s for a member, leaving the other keys as they were", async (key, sent, saved) => {
    const alice = await as("alice");
    const before = await settingsOf(alice);
    const response = await alice.post(usersMePath, { [key]: sent });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", settings: { [key]: saved } });
    expect(await settingsOf(alice)).toEqual({ ...before, [key]: saved });
    expect(await settingsOf(alice, key)).toEqual({ [key]: saved });
  });

  it("saves the spec's mappings: default animation as medium, drag-only as drag_only, a coordinates index by its order", async () => {
    const carla = await as("carla");
    await carla.post(usersMePath, { "board.animation_type": "default", "board.move_method": "drag-only", "board.coordinates": 2 });
    expect(await settingsOf(carla, "board.animation_type,board.move_method,board.coordinates")).toEqual({ "board.animation_type": "medium", "board.move_method": "drag_only", "board.coordinates": "outside" });
    expect(await rowOf("carla")).toMatchObject({ animationType: "medium", moveMethod: "drag_only", coordinates: "outside" });

    await carla.post(usersMePath, { "board.animation_type": "", "board.coordinates": 0 });
    expect(await rowOf("carla")).toMatchObject({ animationType: "medium", coordinates: "off" });
  });

  it("draws a member's game with their coordinates and orientation, and a visitor's with the defaults", async () => {
    const { id } = await userFacts(db(), "carla");
    // A finished demo game, with carla seated as black (the fixture).
    const [game] = await db().select({ id: games.id, daysPerMove: games.daysPerMove, whiteId: games.whiteId }).from(games).where(and(ne(games.status, "playing"), ne(games.whiteId, id))).orderBy(games.id).limit(1);
    if (!game) throw new Error("the demo data has no finished game");
    await db().update(games).set({ blackId: id }).where(eq(games.id, game.id));
    await db().update(gameSeats).set({ memberId: id }).where(and(eq(gameSeats.gameId, game.id), eq(gameSeats.color, "black")));
    const gameId = game.daysPerMove === null ? `/game/live/${game.id}` : `/game/${game.id}`;
    const carla = await as("carla");
    await carla.post(usersMePath, { "board.coordinates": "inside", "board.white_always_on_bottom": false });
    expect(await gameBoard(carla, gameId)).toEqual({ orientation: "black", coordinates: true, outside: false });
    await carla.post(usersMePath, { "board.coordinates": "off", "board.white_always_on_bottom": true });
    expect(await gameBoard(carla, gameId)).toEqual({ orientation: "white", coordinates: false, outside: false });
    await carla.post(usersMePath, { "board.coordinates": "outside" });
    expect(await gameBoard(carla, gameId)).toEqual({ orientation: "white", coordinates: true, outside: true });
    expect(await gameBoard(anonymous(), gameId)).toEqual({ orientation: "white", coordinates: true, outside: false });
  });

  it("puts the chosen theme on the page's <html> and follows the device again on null", async () => {
    const moderator = await as("moderator");
    await moderator.post(usersMePath, { "site.dark_mode": 0 });
    expect(await pageTheme(moderator)).toBe("light");
    await moderator.post(usersMePath, { "site.dark_mode": true });
    expect(await pageTheme(moderator)).toBe("dark");
    await moderator.post(usersMePath, { "site.dark_mode": null });
    expect(await pageTheme(moderator)).toBe("system");
  });

  it("refuses unknown keys, wrong types and values out of range with 400, and changes nothing", async () => {
    const staff = await as("staff");
    await staff.post(usersMePath, { "board.coordinates": "off" });
    const before = await settingsOf(staff);
    const bad: Array<Record<string, unknown>> = [
      { "board.coordinates": "inside", "board.piece_size": 3 },
      { "board.coordinates": 3 },
      { "board.coordinates": 1.5 },
      { "board.coordinates": "top" },
      { "board.show_legal_moves": "yes" },
      { "board.play_sounds": 2 },
      { "board.animation_type": "warp" },
      { "board.move_method": "lasso" },
      { "board.move_list_style": 1 },
      { "site.dark_mode": "dusk" },
      { "board.highlight_moves": null },
      {},
    ];
    for (const body of bad) {
      const response = await staff.post(usersMePath, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({ code: "board_settings_invalid", message: expect.any(String) });
    }
    const unknown = await staff.post(usersMePath, { "board.piece_size": 3 });
    expect(await unknown.json()).toMatchObject({ fields: { "board.piece_size": "“board.piece_size” is not a board setting." } });
    expect(await settingsOf(staff)).toEqual(before);
    expect((await staff.get(`${usersMePath}?include=board.coordinates,board.nope`)).status).toBe(400);
  });

  it("needs the CSRF token to change anything", async () => {
    const bob = await as("bob");
    const response = await bob.request("POST", usersMePath, { json: { "board.coordinates": "off" }, csrf: false });
    expect(response.status).toBe(403);
    expect(await rowOf("bob")).toBeNull();
  });

  it("takes the settings page's form without JavaScript: checkboxes, radios, and back to the page", async () => {
    const browser = await as("alice");
    await browser.ensureCsrf();
    const form = new URLSearchParams([
      ["_token", browser.csrfToken],
      ["board.coordinates", "off"],
      ["board.white_always_on_bottom", "0"],
      ["board.white_always_on_bottom", "1"],
      ["board.play_sounds", "0"],
      ["site.dark_mode", "system"],
      ["board.move_method", "drag_only"],
    ]);
    const response = await fetch(`${suite.current.baseUrl}${usersMePath}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...browser.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/settings?done=board_saved#board");
    expect(await settingsOf(browser, "board.coordinates,board.white_always_on_bottom,board.play_sounds,site.dark_mode,board.move_method")).toEqual({
      "board.coordinates": "off",
      "board.white_always_on_bottom": true,
      "board.play_sounds": false,
      "site.dark_mode": null,
      "board.move_method": "drag_only",
    });
  });
});
