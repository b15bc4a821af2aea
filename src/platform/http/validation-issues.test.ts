import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite, rawGet, type RunningApp } from "../../test/start-app.ts";
import { messagesFor, ownMessages } from "../i18n/messages.server.ts";
import { translatedLocales } from "../i18n/locales.ts";
import { validationIssues, validationKeyOf, validationMessageKeys } from "./validation-issues.server.ts";

const english = messagesFor("en");
const german = messagesFor("de");

function issuesOf(schema: z.ZodType, input: unknown, locale: "en" | "de" = "en") {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("the input was meant to be refused");
  const catalog = messagesFor(locale);
  return validationIssues(parsed.error, (text) => Object.hasOwn(catalog, text), (id, values) => {
    let text = catalog[id] ?? id;
    for (const [name, value] of Object.entries(values)) text = text.replace(`{${name}}`, String(value));
    return text;
  });
}

describe("validation issues as message keys", () => {
  it("keys zod's issues instead of its English sentences", () => {
    const schema = z.object({ name: z.string().max(3), age: z.number().min(18), colour: z.enum(["red"]), email: z.email(), tags: z.array(z.string()).max(1), given: z.string() });
    expect(issuesOf(schema, { name: "abcd", age: 3, colour: "blue", email: "no", tags: ["a", "b"] })).toEqual([
      { path: "name", code: "validation.too_long", message: "Too long: at most 3 characters." },
      { path: "age", code: "validation.too_small", message: "Too small: the least is 18." },
      { path: "colour", code: "validation.invalid_choice", message: english["validation.invalid_choice"] },
      { path: "email", code: "validation.invalid_email", message: english["validation.invalid_email"] },
      { path: "tags", code: "validation.too_many", message: "Too many: at most 1." },
      { path: "given", code: "validation.required", message: english["validation.required"] },
    ]);
  });

  it("keeps a schema's own message key, and keys a text of its own that is no message by the issue", () => {
    const own = z.object({ target: z.string().refine(() => false, { message: "social.error.self" }), email: z.string().max(1, { error: "email.invalid" }) });
    const issues = issuesOf(own, { target: "x", email: "ab" });
    expect(issues.map((issue) => issue.code)).toEqual(["social.error.self", "validation.too_long"]);
    expect(issues[0]?.message).toBe(english["social.error.self"]);
  });

  it("words each issue in the request's language", () => {
    expect(issuesOf(z.object({ name: z.string().max(3) }), { name: "abcd" }, "de")).toEqual([{ path: "name", code: "validation.too_long", message: "Zu lang: höchstens 3 Zeichen." }]);
  });

  it("has every key in English and in the nine translated languages", () => {
    for (const key of validationMessageKeys) {
      expect(ownMessages().get("en")?.[key], key).toBeTruthy();
      for (const locale of translatedLocales) expect(ownMessages().get(locale)?.[key], `${locale} ${key}`).toBeTruthy();
    }
    expect(validationKeyOf({ code: "something_new" })).toBe("validation.invalid");
  });
});

describe.each(databaseTargets())("validation failures through the real server on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const browsers = browsersForSuite(suite);
  let app: RunningApp;

  beforeAll(() => {
    app = suite.current;
  });

  it("answers a route's refused query with keyed issues in English, the old fields kept", async () => {
    const response = await fetch(`${app.baseUrl}/callback/friends/get-friends/alice?avatarSize=5`);
    expect(response.status).toBe(422);
    const body: unknown = await response.json();
    expect(body).toEqual({
      code: "validation_failed",
      message: "Too small: the least is 16.",
      fields: { avatarSize: "Too small: the least is 16." },
      issues: [{ path: "avatarSize", code: "validation.too_small", message: "Too small: the least is 16." }],
    });
  });

  it("answers in the language of the subdomain (German)", async () => {
    const response = await rawGet(app.baseUrl, "/callback/friends/get-friends/alice?avatarSize=500", { host: "schach.kingside.test" });
    expect(response.status).toBe(422);
    const body = JSON.parse(response.body) as { message: string; issues: { code: string; message: string }[] };
    expect(body.issues).toEqual([{ path: "avatarSize", code: "validation.too_big", message: "Zu groß: das Maximum ist 200." }]);
    expect(body.message).toBe(german["validation.too_big"]?.replace("{maximum}", "200"));
    expect(body.message).not.toBe(english["validation.too_big"]?.replace("{maximum}", "200"));
  });

  it("answers in the page's language from a posted body, English for a language without its translation, and changes nothing", async () => {
    const alice = await browsers.as("alice");
    const long = "x".repeat(5000);
    const inGerman = await alice.post("/callback/user/note", { username: "bob", note: long, locale: "de" });
    expect(inGerman.status).toBe(422);
    expect(await inGerman.json()).toMatchObject({ code: "validation_failed", issues: [{ path: "note", code: "validation.too_long", message: expect.stringContaining("Zu lang") }] });

    const inSwedish = await alice.post("/callback/user/note", { username: "bob", note: long, locale: "sv" });
    expect(await inSwedish.json()).toMatchObject({ issues: [{ path: "note", code: "validation.too_long", message: expect.stringContaining("Too long") }] });

    const notes = await alice.request("GET", "/callback/user/notes");
    expect(JSON.stringify(await notes.json())).not.toContain(long);
  });
});
