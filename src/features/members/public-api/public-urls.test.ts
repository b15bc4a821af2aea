import { describe, expect, it } from "vitest";
import { publicOriginsFor } from "./public-urls.ts";

describe("public origins from the request host", () => {
  it.each([
    ["kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["api.kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["API.Kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["www.kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["schach.kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["verify.kingside.com", "https://kingside.com", "https://api.kingside.com/pub"],
    ["kingside.test:8443", "https://kingside.test:8443", "https://api.kingside.test:8443/pub"],
    ["api.com", "https://api.com", "https://api.api.com/pub"],
  ])("%s -> %s and %s", (host, site, api) => {
    expect(publicOriginsFor(host, "http")).toEqual({ site, api });
  });

  it.each([
    ["localhost:3000", "http", "http://localhost:3000"],
    ["127.0.0.1:3000", "http", "http://127.0.0.1:3000"],
    ["[::1]:3000", "https", "https://[::1]:3000"],
    ["app.localhost", "http", "http://app.localhost"],
  ] as const)("a host without subdomains (%s) links to itself under /pub", (host, protocol, site) => {
    expect(publicOriginsFor(host, protocol)).toEqual({ site, api: `${site}/pub` });
  });

  it.each([undefined, "", "evil.com/path", "a@b.com", "kingside.com:http", "bad_host.com", "[::1"])("refuses %s", (host) => {
    expect(publicOriginsFor(host, "https")).toBeNull();
  });
});
