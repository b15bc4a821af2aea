import { describe, expect, it } from "vitest";
import { verifyOriginFor } from "./verify-host.ts";

describe("verifyOriginFor", () => {
  it("names the verify subdomain of the configured site, from any of its hosts", () => {
    expect(verifyOriginFor("https:", "kingside.test", "kingside.test")).toBe("https://verify.kingside.test");
    expect(verifyOriginFor("https:", "schach.kingside.test", "kingside.test")).toBe("https://verify.kingside.test");
  });

  it("uses this host without a configured site, ports included", () => {
    expect(verifyOriginFor("http:", "localhost:3000")).toBe("http://verify.localhost:3000");
  });

  it("has none on an IP address or on the verify host itself", () => {
    expect(verifyOriginFor("http:", "127.0.0.1:3000")).toBeNull();
    expect(verifyOriginFor("http:", "[::1]:3000")).toBeNull();
    expect(verifyOriginFor("https:", "verify.kingside.test", "kingside.test")).toBeNull();
    expect(verifyOriginFor("https:", null)).toBeNull();
  });
});
