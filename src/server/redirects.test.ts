import { describe, expect, it } from "vitest";
import { databaseTargets } from "../test/databases.ts";
import { appForSuite, PRODUCTION_SITE, productionConfig, rawRequest } from "../test/start-app.ts";

describe.each(databaseTargets())("redirects on $name", (target) => {
  const suite = appForSuite(target);

  it("drops a page path's trailing slash on the same site", async () => {
    const response = await rawRequest(suite.current.baseUrl, "GET", "/clubs/?x=1", {});
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/clubs?x=1");
  });

  it("answers the spec's trailing locale twin with a permanent redirect to the leading prefix", async () => {
    const response = await rawRequest(suite.current.baseUrl, "GET", "/clubs/es?x=1", {});
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/es/clubs?x=1");
    const canonical = await rawRequest(suite.current.baseUrl, "GET", "/es/clubs", {});
    expect(canonical.status).toBe(200);
    expect(canonical.body).toContain('lang="es"');
  });

  it.each(["//evil.example/", "//evil.example//", "/.//evil.example/", "/%2e%2e//evil.example/"])("never turns %s into a link to another host", async (path) => {
    const response = await rawRequest(suite.current.baseUrl, "GET", path, {});
    const location = response.headers.location;
    if (typeof location === "string") expect(new URL(location, "https://kingside.test/").host).toBe("kingside.test");
    else expect(response.status).toBe(404);
  });
});

describe.each(databaseTargets())("the https redirect on $name", (target) => {
  const suite = appForSuite(target, { ...productionConfig(), logLevel: "silent" });
  const overHttp = (path: string, headers: Record<string, string>) => rawRequest(suite.current.baseUrl, "GET", path, { "x-forwarded-proto": "http", ...headers });

  it.each([
    ["a hostile Host", { host: "evil.example" }],
    ["a hostile X-Forwarded-Host", { host: PRODUCTION_SITE.host, "x-forwarded-host": "evil.example" }],
    ["both", { host: "evil.example", "x-forwarded-host": "evil.example:8443" }],
    ["a look-alike of the site", { host: `${PRODUCTION_SITE.host}.evil.example` }],
    ["an unknown subdomain of the site", { host: `evil.${PRODUCTION_SITE.host}` }],
  ])("goes to SITE_URL's origin whatever %s says", async (_name, headers) => {
    const response = await overHttp("/clubs?x=1", headers);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${PRODUCTION_SITE.origin}/clubs?x=1`);
  });

  it.each(["schach", "verify"])("keeps the site's own %s. subdomain", async (label) => {
    const response = await overHttp("/clubs", { host: `${label}.${PRODUCTION_SITE.host.toUpperCase()}` });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`https://${label}.${PRODUCTION_SITE.host}/clubs`);
  });

  it("keeps a doubled slash in the path on the site", async () => {
    const response = await overHttp("//evil.example/x", { host: "evil.example" });
    expect(response.status).toBe(301);
    expect(new URL(String(response.headers.location)).host).toBe(PRODUCTION_SITE.host);
  });
});
