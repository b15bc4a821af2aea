import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { matchPagePath, type CompiledPageRoute } from "../platform/links/route-patterns.ts";
import { REDACTED, secretPageRoutes } from "../platform/links/secret-paths.server.ts";
import { databaseTargets } from "../test/databases.ts";
import { appForSuite, OVER_HTTPS, productionConfig, rawRequest } from "../test/start-app.ts";

/** Every line the production logger writes, as pino writes it. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

/** A secret as the site makes them (32 random bytes, base64url): 43 characters. */
function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** A value each non-secret parameter accepts (a club id, a slug ...). */
function sampleValue(route: CompiledPageRoute, param: string): string {
  const requirement = route.requirementRegexes.get(param);
  const value = ["42", "chess-friends"].find((candidate) => requirement?.test(candidate));
  if (!value) throw new Error(`no sample value for ${route.name}.${param}`);
  return value;
}

/** A link of the route with `secret` in its secret parameters, and the path up to the first of them (what the log keeps). */
function linkWithSecret(route: CompiledPageRoute, secret: string): { path: string; kept: string } {
  const secrets = route.definition.secrets ?? [];
  let path = "";
  let kept: string | null = null;
  for (const token of route.tokens) {
    if (token.kind === "static") {
      path += `/${token.value}`;
      continue;
    }
    if (secrets.includes(token.value)) kept ??= path;
    path += `/${secrets.includes(token.value) ? secret : sampleValue(route, token.value)}`;
  }
  return { path, kept: kept ?? path };
}

describe.each(databaseTargets())("the production log on $name", (target) => {
  const suite = appForSuite(target, productionConfig(), { logStream });
  beforeEach(() => {
    logLines.length = 0;
  });

  function logged(): string {
    expect(logLines.length, "the production logger wrote request lines").toBeGreaterThan(0);
    return logLines.join("");
  }

  it.each(secretPageRoutes().map((route) => [route.name, route] as const))("never holds the secret of a %s link, in any form it is asked for", async (_name, route) => {
    const secret = newSecret();
    const { path, kept } = linkWithSecret(route, secret);
    expect(matchPagePath(path)?.route.name, "the link is one the page serves").toBe(route.name);
    const forms = [path, `/es${path}`, `${path}/es`, `${path}/`, `${path}?token=${secret}&error=x`, path.replace(secret, encodeURIComponent(secret).replaceAll("-", "%2D"))];
    for (const form of forms) await rawRequest(suite.current.baseUrl, "GET", form, OVER_HTTPS);
    // Over plain http, answered by the https redirect.
    await rawRequest(suite.current.baseUrl, "GET", path, { "x-forwarded-proto": "http" });
    const log = logged();
    expect(log).not.toContain(secret);
    expect(log).toContain(`"path":"${kept}/${REDACTED}"`);
    expect(log).toContain(`"path":"/es${kept}/${REDACTED}"`);
  });

  it("never holds a secret from a query string or an absolute-form target", async () => {
    const secrets = [newSecret(), newSecret(), newSecret(), newSecret(), newSecret()];
    const [invite, token, redirected, absolute, password] = secrets;
    await rawRequest(suite.current.baseUrl, "GET", `/register?invite=${invite}`, OVER_HTTPS);
    await rawRequest(suite.current.baseUrl, "GET", `/login?token=${token}&redirectUrl=/home`, OVER_HTTPS);
    await rawRequest(suite.current.baseUrl, "GET", `/verification?redirect=${encodeURIComponent(`/reset-password/${redirected}`)}`, OVER_HTTPS);
    // Absolute-form targets are refused (400), after the line that logs them.
    expect((await rawRequest(suite.current.baseUrl, "GET", `http://kingside.test/reset-password/${absolute}`, OVER_HTTPS)).status).toBe(400);
    expect((await rawRequest(suite.current.baseUrl, "GET", `http://alice:${password}@kingside.test/clubs`, OVER_HTTPS)).status).toBe(400);
    const log = logged();
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('"path":"/register"');
    expect(log).toContain(`"path":"http://kingside.test/reset-password/${REDACTED}"`);
  });

  it("never holds the secret of a page a browser reports a broken link on", async () => {
    const secret = newSecret();
    const response = await rawRequest(
      suite.current.baseUrl,
      "POST",
      "/client-metrics",
      { ...OVER_HTTPS, "content-type": "application/json" },
      JSON.stringify({ kind: "link_error", url: `/club/chess-friends/join/${secret}?secret=${secret}`, message: "no route" }),
    );
    expect(response.status).toBe(204);
    const log = logged();
    expect(log).not.toContain(secret);
    expect(log).toContain(`/club/chess-friends/join/${REDACTED}`);
  });
});
