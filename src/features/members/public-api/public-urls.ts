import { subdomainLocales } from "../../../platform/i18n/locales.ts";
import type { PublicOrigins } from "./public-api.schema.ts";

/** Leading labels that name a view of the main host rather than the host itself. */
const strippedLabels: ReadonlySet<string> = new Set(["api", "www", "verify", ...Object.keys(subdomainLocales)]);

const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;
const PORT = /^\d{1,5}$/;

function splitHost(host: string): { hostname: string; port: string } | null {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]");
    if (end < 0) return null;
    const rest = lower.slice(end + 1);
    if (rest !== "" && !(rest.startsWith(":") && PORT.test(rest.slice(1)))) return null;
    return { hostname: lower.slice(0, end + 1), port: rest.slice(1) };
  }
  const colon = lower.lastIndexOf(":");
  if (colon < 0) return { hostname: lower, port: "" };
  const port = lower.slice(colon + 1);
  if (!PORT.test(port)) return null;
  return { hostname: lower.slice(0, colon), port };
}

/** Hosts that cannot have an api. subdomain: loopback names, IP literals and single-label names. */
function isLocalHost(hostname: string): boolean {
  return IPV4.test(hostname) || IPV6_LITERAL.test(hostname) || !hostname.includes(".") || hostname.endsWith(".localhost");
}

/**
 * The site and API origins a response links to, from the request's Host.
 * A real domain gives https://<main host> and https://api.<main host>/pub,
 * whichever view of it was asked (api., www., verify. or a language subdomain);
 * the site is https only, so the scheme is always https there. A machine with
 * no subdomains (localhost, an IP address) links to itself, with the scheme the
 * request came in on, and serves the API under /pub. Null: not a host name.
 */
export function publicOriginsFor(host: string | undefined, protocol: "http" | "https"): PublicOrigins | null {
  if (!host) return null;
  const parts = splitHost(host);
  if (!parts) return null;
  const { hostname, port } = parts;
  const suffix = port ? `:${port}` : "";
  if (IPV6_LITERAL.test(hostname) || (DNS_NAME.test(hostname) && isLocalHost(hostname))) {
    const site = `${protocol}://${hostname}${suffix}`;
    return { site, api: `${site}/pub` };
  }
  if (!DNS_NAME.test(hostname)) return null;
  const labels = hostname.split(".");
  while (labels.length > 2 && strippedLabels.has(labels[0] ?? "")) labels.shift();
  const main = labels.join(".");
  return { site: `https://${main}${suffix}`, api: `https://api.${main}${suffix}/pub` };
}
