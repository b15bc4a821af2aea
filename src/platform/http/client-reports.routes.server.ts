import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { PageRequestIdentity } from "./load-context.ts";
import { clientErrorReports } from "./client-reports.tables.server.ts";
import { AppError } from "./errors.ts";
import { CLIENT_METRICS_PATH } from "./client-metrics.ts";
import { loggableTarget } from "./request-hygiene.server.ts";

/** The largest error report accepted: a message and a stack trace, not a dump. */
export const ERROR_REPORT_MAX_BYTES = 8 * 1024;

/**
 * Body of POST /error-reporting/web (spec 001 §7.7). The `user` record the
 * browser sends is accepted and ignored: who reported is the session's member.
 */
export const errorReportSchema = z.object({
  ip: z.string().max(64).optional(),
  user: z
    .object({
      countryCode: z.string().max(8).nullish(),
      id: z.union([z.number().int(), z.string().max(20)]).nullish(),
      membershipCode: z.string().max(20).nullish(),
      membershipLevel: z.number().int().min(0).max(100).nullish(),
      timezone: z.string().max(64).nullish(),
      username: z.string().max(25).nullish(),
    })
    .nullish(),
  userAgent: z.string().max(512),
  error: z.string().min(1).max(6_000),
});

export const clientMetricSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("http_error"), method: z.string().max(10), url: z.string().max(2048), status: z.number().int().min(0).max(999), message: z.string().max(2000) }),
  z.object({ kind: z.literal("chunk_error"), code: z.enum(["CSS_CHUNK_LOAD_FAILED", "JS_CHUNK_LOAD_FAILED"]), url: z.string().max(2048), message: z.string().max(2000) }),
  z.object({ kind: z.literal("link_error"), url: z.string().max(2048), message: z.string().max(2000) }),
]);

/**
 * Browser telemetry. Both endpoints are write-only sinks that change no
 * member's data, so they take no CSRF token (sendBeacon cannot send one);
 * small bodies and a per-address rate limit keep them from being a flood
 * target, and the reporter is the session's member, never what a body claims.
 */
export function registerClientReports(app: FastifyInstance, deps: { db: Database; features: FeatureFlags; identityOf: (request: FastifyRequest) => PageRequestIdentity }): void {
  const rateLimit = { max: 30, timeWindow: "1 minute" };
  const reportRateLimit = { max: 10, timeWindow: "1 minute" };

  app.post("/error-reporting/web", { config: { rateLimit: reportRateLimit }, bodyLimit: ERROR_REPORT_MAX_BYTES }, async (request, reply) => {
    if (!deps.features.error_reporting) throw new AppError("feature_disabled");
    const report = errorReportSchema.parse(request.body);
    const { viewer } = deps.identityOf(request);
    const reporter = viewer.isLoggedIn && viewer.id !== null ? viewer : null;
    await deps.db.insert(clientErrorReports).values({
      ip: request.ip,
      userId: reporter?.id ?? null,
      username: reporter?.username ?? null,
      reportedUser: null,
      userAgent: report.userAgent,
      error: report.error,
    });
    return reply.code(202).send({ status: "accepted" });
  });

  app.post(CLIENT_METRICS_PATH, { config: { rateLimit }, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const metric = clientMetricSchema.parse(request.body);
    // A link error names the page it happened on, which may be a reset or invitation link.
    request.log.warn({ clientMetric: { ...metric, url: loggableTarget(metric.url) } }, "client metric");
    return reply.code(204).send();
  });
}
