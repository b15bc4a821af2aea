import { describe, expect, it } from "vitest";
import { databaseTargets } from "../test/databases.ts";
import { appForSuite, rawRequest } from "../test/start-app.ts";

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
