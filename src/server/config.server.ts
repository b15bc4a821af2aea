import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFeatureFlags, type FeatureFlags } from "../platform/flags/feature-flags.ts";
import { parseTrustProxy, type TrustProxySetting } from "./trust-proxy.ts";
import { parseHumanCheckLimits, type HumanCheckAction, type HumanCheckThreshold } from "../platform/security/human-check/human-check-limits.ts";

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly production: boolean;
  /** Redirect plain http to https and send HSTS (production default; HTTPS_ONLY=0 turns it off, e.g. for loopback benchmarks). */
  readonly httpsOnly: boolean;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  /** PGlite's directory when DATABASE_URL is unset. */
  readonly dataDir: string;
  /** Fill an empty database with demo members at start. */
  readonly seedDemoData: boolean;
  /** How many finished demo games that seed plays (SEED_DEMO_GAMES; the seed's main cost). */
  readonly demoGames: number;
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY): a hop count or proxy addresses/CIDRs; production defaults to 1 hop. */
  readonly trustProxy: TrustProxySetting;
  /** The public origin absolute links and the https redirect are built from (SITE_URL), never the request's Host; required in production (https with httpsOnly). */
  readonly siteUrl: URL | null;
  readonly features: FeatureFlags;
  /** How many guarded actions an address may make before the human check (HUMAN_CHECK_LIMITS). */
  readonly humanCheckLimits: Readonly<Record<HumanCheckAction, HumanCheckThreshold>>;
  /** SMTP_URL: mail leaves through this SMTP server; unset, it is written to the outbox directory. */
  readonly smtpUrl: string | undefined;
  /** MAIL_OUTBOX_DIR: where mail is written without SMTP_URL (default: <DATA_DIR>/mail-outbox). */
  readonly mailOutboxDir: string;
  /** UPLOADS_DIR: where the local-disk storage keeps uploaded files (default: <DATA_DIR>/uploads). */
  readonly uploadsDir: string;
  /** MAIL_FROM: the sender of every message. */
  readonly mailFrom: string;
  readonly logLevel: string;
  /** A name for this instance in logs and /healthz. */
  readonly instanceId: string;
}

function parseDemoGames(raw: string | undefined): number {
  const games = Number(raw ?? 2000);
  if (!Number.isInteger(games) || games < 0 || games > 100_000) throw new Error(`SEED_DEMO_GAMES must be a whole number from 0 to 100000, not "${raw}".`);
  return games;
}

function parseSiteUrl(raw: string | undefined, production: boolean, httpsOnly: boolean): URL | null {
  if (!raw) {
    if (production) throw new Error("SITE_URL must be set in production (e.g. https://kingside.example): absolute links are built from it.");
    if (httpsOnly) throw new Error("SITE_URL must be set with HTTPS_ONLY=1 (e.g. https://kingside.example): plain http is redirected there.");
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL, not "${raw}".`);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.pathname !== "/" || url.search || url.hash || url.username) {
    throw new Error(`SITE_URL must be an origin such as https://kingside.example, not "${raw}".`);
  }
  if (httpsOnly && url.protocol !== "https:") throw new Error(`SITE_URL must be an https origin while HTTPS_ONLY=1 (plain http is redirected there), not "${raw}".`);
  return url;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  const dataDir = env.DATA_DIR ?? "./data";
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const httpsOnly = (env.HTTPS_ONLY ?? (production ? "1" : "0")) === "1";
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    production,
    httpsOnly,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    dataDir,
    seedDemoData: (env.SEED_DEMO_DATA ?? (production ? "0" : "1")) === "1",
    demoGames: parseDemoGames(env.SEED_DEMO_GAMES),
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? (production ? "1" : "0")),
    siteUrl: parseSiteUrl(env.SITE_URL, production, httpsOnly),
    features: parseFeatureFlags(env.KINGSIDE_FEATURES),
    humanCheckLimits: parseHumanCheckLimits(env.HUMAN_CHECK_LIMITS),
    smtpUrl: env.SMTP_URL || undefined,
    mailOutboxDir: env.MAIL_OUTBOX_DIR || join(dataDir.startsWith("memory://") ? tmpdir() : dataDir, "mail-outbox"),
    uploadsDir: env.UPLOADS_DIR || join(dataDir.startsWith("memory://") ? tmpdir() : dataDir, "uploads"),
    mailFrom: env.MAIL_FROM || "Kingside <no-reply@kingside.invalid>",
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
    instanceId: env.INSTANCE_ID ?? `${process.pid}`,
  };
}
