/**
 * The key a client's address is counted under. IPv4 addresses count one by
 * one; an IPv6 address counts by its /64 prefix, because one household or
 * server usually holds a whole /64 and could otherwise rotate through it.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().split("%")[0] ?? "";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address.slice(0, 64);
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address.slice(0, 64);
}

/** The eight hextets of an IPv6 address (without leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(":") : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  // An embedded IPv4 tail (::1.2.3.4) stands for two hextets.
  const last = tail.length > 0 ? tail[tail.length - 1] : head[head.length - 1];
  const ipv4Hextets = last?.includes(".") ? 2 : 0;
  const written = head.length + tail.length + (ipv4Hextets ? 1 : 0);
  const missing = 8 - written;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...tail];
  const hextets = all.filter((part) => !part.includes("."));
  if (!hextets.every((part) => /^[0-9a-f]{1,4}$/.test(part))) return null;
  return hextets.map((part) => part.replace(/^0+(?=.)/, ""));
}
