import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { routeTableSamples } from "../../../e2e/sample-pages.ts";
import { ownMessages } from "../../platform/i18n/messages.server.ts";
import { awaitedFeatures, placeholderPage, routeModuleOf } from "../../platform/links/route-modules.server.ts";
import { installedPageRoutes } from "../../platform/links/route-table.ts";
import { upcomingFeatures, type UpcomingFeature } from "./coming.pages.ts";
import { demoLines } from "../../server/seed/demo-club-chat.server.ts";
import { notes, openings, replies, topicTitles } from "../../server/seed/demo-club-forum.server.ts";
import { demoStatusTexts } from "../../server/seed/demo-names.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";

/**
 * Issue 19 item 7 (docs/decisions/0043): the site claims only what it does.
 * What is not built comes from the route table's own marks (`coming` in
 * coming.page-modules.server.ts, read through the installed table), never from a list kept here: when a feature's
 * routes get their own pages, these expectations change by themselves (its
 * name may then be claimed, and must leave every "coming" list).
 */

/** jsdom (the environment of the component tests) ships no types: the part read here. */
interface HtmlParser {
  readonly JSDOM: new (html: string) => { readonly window: { readonly document: Document } };
}
const { JSDOM }: HtmlParser = createRequire(import.meta.url)("jsdom");

/** How English text names each feature that may be still to come. Typed by the list: a new one needs its names here. */
const englishNames: Readonly<Record<UpcomingFeature, RegExp>> = {
  vote_chess: /\bvote[- ]?chess\b/i,
  leagues: /\bleagues?\b/i,
  leaderboards: /\bleaderboards?\b/i,
  stats: /\bstatistics\b|\bstats\b/i,
  puzzles: /\bpuzzles?\b/i,
  articles: /\barticles?\b|\bblog(s| posts?)\b|\bannouncements?\b/i,
  player_pages: /\bplayer pages?\b|\bwell-known (chess )?players\b/i,
  verified_players: /\bverified players?\b/i,
};

const unbuilt = upcomingFeatures.filter((feature) => awaitedFeatures().includes(feature));
const built = upcomingFeatures.filter((feature) => !unbuilt.includes(feature));
/** The unbuilt features a text names (as existing, wherever the caller took the "coming" parts out). */
const unbuiltNamedIn = (text: string) => unbuilt.filter((feature) => englishNames[feature].test(text));
/** The built features a text names (in a "coming" part, that is a false "not yet"). */
const builtNamedIn = (text: string) => built.filter((feature) => englishNames[feature].test(text));

const english = ownMessages().get("en") ?? {};
const englishMessage = (key: string): string => {
  const message = english[key];
  if (message === undefined) throw new Error(`no English message ${key}`);
  return message;
};

/** Blaming the wait on the community, or promising a date: what placeholders said before (issue 19 item 7). */
const blame = /\bno (members|clubs|games|players)\b|once rated games|there are no|next release|\bsoon\b/i;
/** "Members can gift" in one clause: a promise while only staff can gift. */
const memberGiftPromise = /\bmembers?\b[^.;]*\bcan\b[^.;]*\bgift/i;

/** A page's main content, with its parts marked `data-coming` (what it says is on the way) taken out. */
function mainOf(html: string): { claims: string; coming: string; comingItems: string[]; heading: string } {
  const main = new JSDOM(html).window.document.querySelector("main");
  if (!main) throw new Error("the page has no <main>");
  const parts = [...main.querySelectorAll("[data-coming]")];
  for (const part of parts) part.remove();
  return {
    claims: main.textContent ?? "",
    coming: parts.map((part) => part.textContent ?? "").join(" "),
    comingItems: parts.flatMap((part) => [...part.querySelectorAll("li")].map((item) => item.textContent ?? "")),
    heading: main.querySelector("h1")?.textContent ?? "",
  };
}


describe("the route table's marks", () => {
  it("serve exactly the pages marked as coming with the placeholder", () => {
    const wrong = installedPageRoutes().filter(({ name }) => (routeModuleOf(name).file === placeholderPage) !== (routeModuleOf(name).coming !== undefined));
    expect(wrong).toEqual([]);
  });

  it("wait only for features of the upcoming list, named in its order", () => {
    expect(awaitedFeatures()).toEqual(unbuilt);
  });

  it("give every upcoming feature a title that says it is coming, a text and a name", () => {
    for (const feature of upcomingFeatures) {
      const title = englishMessage(`coming.title.${feature}`);
      expect(title, feature).toMatch(/\bcoming\b/i);
      expect(englishNames[feature].test(title), `${feature}: "${title}" names it`).toBe(true);
      expect(englishNames[feature].test(englishMessage(`coming.name.${feature}`)), feature).toBe(true);
      expect(englishMessage(`coming.text.${feature}`), feature).not.toMatch(blame);
    }
  });
});

describe("the README", () => {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const lead = readme.split(/\n\n/)[1] ?? "";
  const comingSentence = /Coming later: [^.]*\./.exec(lead)?.[0] ?? "";

  it("names in its first line only what exists, and as coming only what does not", () => {
    expect(lead).toMatch(/^An open-source chess community website/);
    expect(unbuiltNamedIn(lead.replace(comingSentence, ""))).toEqual([]);
    expect(builtNamedIn(comingSentence)).toEqual([]);
    expect(comingSentence === "").toBe(unbuilt.length === 0);
  });
});

describe("the demo seed", () => {
  it("writes club notes, forum topics, chat lines and statuses about what exists", () => {
    const texts = [...notes, ...topicTitles, ...openings, ...replies, ...demoLines, ...demoStatusTexts];
    expect(texts.flatMap((text) => unbuiltNamedIn(text).map((feature) => `${feature}: ${text}`))).toEqual([]);
  });
});

describe.each(databaseTargets())("what pages claim on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const { anonymous, as } = browsersForSuite(suite);
  const page = async (path: string, browser = anonymous()) => {
    const response = await browser.get(path);
    expect(response.status, path).toBe(200);
    return mainOf(await response.text());
  };

  it("says on every placeholder page which feature is coming, and blames nothing for the wait", async () => {
    const placeholders = routeTableSamples().flatMap((sample) => {
      const coming = routeModuleOf(sample.route).coming;
      return coming ? [{ ...sample, coming }] : [];
    });
    expect(placeholders.length).toBeGreaterThan(0);
    for (const { path, coming } of placeholders) {
      const response = await anonymous().get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`data-coming="${coming}"`);
      const { claims, coming: comingPart, heading } = mainOf(html);
      expect(comingPart, path).toContain(englishMessage(`coming.title.${coming}`));
      expect(comingPart, path).not.toMatch(blame);
      // Beside its heading (the route's own name) and what it says is coming, the page claims nothing unbuilt.
      expect(unbuiltNamedIn(claims.replace(heading, "")), path).toEqual([]);
    }
  });

  it("names on the home page what exists, and lists as coming exactly the features not built", async () => {
    // (/home sends a visitor here, to /.)
    for (const path of ["/"]) {
      const { claims, comingItems } = await page(path);
      expect(claims).toContain(englishMessage("home.lead"));
      expect(unbuiltNamedIn(claims), path).toEqual([]);
      expect(comingItems, path).toEqual(unbuilt.map((feature) => englishMessage(`coming.name.${feature}`)));
    }
  });

  it("names on the About page only what exists, and as on the way only what is not built", async () => {
    const { claims, coming } = await page("/about");
    expect(unbuiltNamedIn(claims)).toEqual([]);
    expect(builtNamedIn(coming)).toEqual([]);
  });

  it("promises no member-to-member gift on the membership pages or in the checkout answer while only staff can gift", async () => {
    const bob = await as("bob");
    const gift = await bob.post("/callback/membership/gift/alice", { level: "gold", period: "monthly" });
    expect(await gift.json()).toMatchObject({ code: "gift_staff_only" });

    for (const [path, browser] of [["/membership", anonymous()], ["/membership", bob], ["/members/gifters", bob]] as const) {
      const { claims } = await page(path, browser);
      expect(claims, path).not.toMatch(memberGiftPromise);
      expect(unbuiltNamedIn(claims), path).toEqual([]);
    }
    const checkout = await bob.post("/callback/membership/checkout", { level: "gold", period: "monthly", c: "icon" });
    const answer: unknown = await checkout.json();
    expect(answer).toMatchObject({ code: "payments_unavailable" });
    expect(JSON.stringify(answer)).not.toMatch(memberGiftPromise);
  });
});
