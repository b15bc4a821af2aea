import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address.ts";

describe("the address a client is counted under", () => {
  it("counts IPv4 addresses one by one, mapped ones too", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:1:2::/64";
    expect(addressKey("2001:db8:1:2::1")).toBe(key);
    expect(addressKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(key);
    expect(addressKey("2001:DB8:1:2:a::b")).toBe(key);
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
  });

  it("keeps something bounded for what is not an address", () => {
    expect(addressKey("1::2::3")).toBe("1::2::3");
    expect(addressKey("x".repeat(100))).toHaveLength(64);
  });
});
