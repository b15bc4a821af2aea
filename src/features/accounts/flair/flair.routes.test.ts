import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { users } from "../accounts.tables.server.ts";
import { flairCatalogue } from "./flair-catalogue.ts";

interface AvailableBody {
  readonly code?: string;
  readonly current?: { readonly code: string; readonly id: number; readonly status: string };
  readonly flair?: readonly { readonly code: string }[];
}

describe.each(databaseTargets())("flair over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  async function flairOf(username: string) {
    const [row] = await db().select({ code: users.flairCode, status: users.flairStatus }).from(users).where(eq(users.usernameKey, username));
    return row;
  }
  async function cardFlair(username: string): Promise<unknown> {
    const body = (await (await anonymous().request("GET", `/callback/user/popup/${username}`, { headers: { accept: "application/json" } })).json()) as { user: { flair: unknown } };
    return body.user.flair;
  }
  const bodyOf = async (response: Response) => (await response.json()) as AvailableBody;
  // A visitor's card is kept a second per instance (decision 0067): a change shows within that.
  const cardWindow = { timeout: 3_000, interval: 200 };

  it("offers a basic member the free set and a premium member all, with the placeholder as 206", async () => {
    const bob = await as("bob");
    const basic = await bodyOf(await bob.request("GET", "/callback/user/get-available-flair/bob"));
    expect(basic.current).toMatchObject({ id: 206, code: "nothing", status: "active" });
    expect(basic.flair?.map((flair) => flair.code).sort()).toEqual(flairCatalogue.filter((flair) => flair.free).map((flair) => flair.code).sort());
    const carla = await as("carla");
    const premium = await bodyOf(await carla.request("GET", "/callback/user/get-available-flair/carla"));
    expect(premium.flair).toHaveLength(flairCatalogue.length);
    // Someone else's list is their own business; moderators may look.
    expect((await bob.request("GET", "/callback/user/get-available-flair/carla")).status).toBe(403);
    expect((await (await as("moderator")).request("GET", "/callback/user/get-available-flair/carla")).status).toBe(200);
    expect((await anonymous().request("GET", "/callback/user/get-available-flair/carla")).status).toBe(401);
  });

  it("lets a basic member wear a free flair, refuses a premium or unknown one and changes nothing then", async () => {
    const bob = await as("bob");
    const premiumOnly = await bob.post("/callback/user/set-flair", { flairCode: "crown" });
    expect(premiumOnly.status).toBe(403);
    expect((await bodyOf(premiumOnly)).code).toBe("flair_premium_only");
    const unknown = await bob.post("/callback/user/set-flair", { flairCode: "unicorn" });
    expect(unknown.status).toBe(422);
    expect((await bob.post("/callback/user/set-flair", { flairCode: "blocked" })).status).toBe(422);
    expect(await flairOf("bob")).toEqual({ code: "nothing", status: "active" });
    await expect.poll(() => cardFlair("bob"), cardWindow).toBeNull();

    expect((await bob.post("/callback/user/set-flair", { flairCode: "heart" })).status).toBe(200);
    await expect.poll(() => cardFlair("bob"), cardWindow).toEqual({ code: "heart" });
    const alice = await as("alice");
    expect((await alice.post("/callback/user/set-flair", { flairCode: "rocket" })).status).toBe(200);
    await expect.poll(() => cardFlair("alice"), cardWindow).toEqual({ code: "rocket" });
  });

  it("hides and shows a flair by its status, and refuses a status it does not know", async () => {
    const alice = await as("alice");
    expect((await alice.post("/callback/user/set-flair-status", { status: "hidden" })).status).toBe(200);
    await expect.poll(() => cardFlair("alice"), cardWindow).toBeNull();
    expect((await alice.post("/callback/user/set-flair-status", { status: "shiny" })).status).toBe(422);
    expect((await alice.post("/callback/user/set-flair-status", { status: "active" })).status).toBe(200);
    await expect.poll(() => cardFlair("alice"), cardWindow).not.toBeNull();
  });

  it("lets moderators and staff reset a member's flair to the placeholder, and nobody else", async () => {
    expect((await (await as("bob")).post("/member/reset_flair/carla", {})).status).toBe(403);
    expect((await flairOf("carla"))?.code).toBe("diamond_traditional");
    const reset = await (await as("moderator")).post("/member/reset_flair/carla", {});
    expect(reset.status).toBe(200);
    expect(await flairOf("carla")).toEqual({ code: "nothing", status: "active" });
    expect((await (await as("staff")).post("/member/reset_flair/nobody-here", {})).status).toBe(404);
    expect((await anonymous().post("/member/reset_flair/alice", {})).status).toBe(401);
  });

  it("shows a changed flair on a visitor's card at once: the card this instance kept is forgotten", async () => {
    const bob = await as("bob");
    expect((await bob.post("/callback/user/set-flair", { flairCode: "knight" })).status).toBe(200);
    await expect.poll(() => cardFlair("bob"), cardWindow).toEqual({ code: "knight" });
    // The card is kept now; each change below must show on the very next read, well inside the second it is kept.
    expect(await cardFlair("bob")).toEqual({ code: "knight" });
    expect((await bob.post("/callback/user/set-flair", { flairCode: "snowflake" })).status).toBe(200);
    expect(await cardFlair("bob")).toEqual({ code: "snowflake" });
    expect((await bob.post("/callback/user/set-flair-status", { status: "hidden" })).status).toBe(200);
    expect(await cardFlair("bob")).toBeNull();
    expect((await bob.post("/callback/user/set-flair-status", { status: "active" })).status).toBe(200);
    expect(await cardFlair("bob")).toEqual({ code: "snowflake" });
    expect((await (await as("staff")).post("/member/reset_flair/BOB", {})).status).toBe(200);
    expect(await cardFlair("bob")).toBeNull();
  });

  it("takes the settings picker's plain form posts and comes back to the flair section", async () => {
    const bob = await as("bob");
    await bob.ensureCsrf();
    const refused = await bob.postForm("/callback/user/set-flair", { flairCode: "crown" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/settings?error=flair_premium_only#flair");
    expect((await flairOf("bob"))?.code).not.toBe("crown");
    const saved = await bob.postForm("/callback/user/set-flair", { flairCode: "pawn_traditional" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/settings?done=flair_saved#flair");
    expect(await flairOf("bob")).toEqual({ code: "pawn_traditional", status: "active" });
    expect((await bob.postForm("/callback/user/set-flair-status", { status: "hidden" })).headers.get("location")).toBe("/settings?done=flair_saved#flair");
    expect(await flairOf("bob")).toEqual({ code: "pawn_traditional", status: "hidden" });
    // Without the form's CSRF token nothing changes.
    expect((await bob.postForm("/callback/user/set-flair-status", { status: "active" }, { csrf: false })).status).toBe(403);
    expect((await flairOf("bob"))?.status).toBe("hidden");
  });

  it("draws the settings picker with what the member may wear: a basic member's premium flair lead to the upsell", async () => {
    // The picker's radio buttons: their values, and which one is checked.
    const radios = (html: string) => (html.match(/<input type="radio" name="flairCode"[^>]*>/g) ?? []).map((tag) => ({ code: /value="([^"]+)"/.exec(tag)?.[1], checked: tag.includes("checked") }));
    const bobPage = await (await as("bob")).html("/settings");
    expect(bobPage).toContain('<section class="ks-card ks-settings-section" aria-labelledby="flair-title" id="flair">');
    expect(radios(bobPage).map((radio) => radio.code).sort()).toEqual(flairCatalogue.filter((flair) => flair.free).map((flair) => flair.code).sort());
    for (const flair of flairCatalogue.filter((each) => !each.free)) expect(bobPage).toContain(`data-flair-locked="${flair.code}"`);
    // alice (premium) chose rocket above.
    const alicePage = await (await as("alice")).html("/settings");
    expect(alicePage).not.toContain("data-flair-locked");
    expect(radios(alicePage).map((radio) => radio.code)).toEqual(flairCatalogue.map((flair) => flair.code));
    expect(radios(alicePage).filter((radio) => radio.checked)).toEqual([{ code: "rocket", checked: true }]);
  });
});
