import { isIP } from "node:net";

/**
 * Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY): none, the
 * nearest N hops, or proxies at the listed addresses/CIDRs. Never "everyone":
 * a client would then choose its own address by writing X-Forwarded-For.
 */
export type TrustProxySetting = false | { readonly hops: number } | { readonly addresses: readonly string[] };

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = (raw ?? "").trim();
  if (value === "" || value === "0" || value === "false") return false;
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const addresses = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  const wrong = addresses.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length > 0 || addresses.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8), not "${raw}" (wrong: ${wrong.join(", ")}).`);
  }
  return { addresses };
}

/** Fastify's trustProxy: a hop count as a function (Fastify's own number form trusts no header at all), a list as is. */
export function fastifyTrustProxy(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ("hops" in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return [...setting.addresses];
}
