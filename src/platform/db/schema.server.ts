/** Every table of the application, for drizzle-kit and the typed client. */
export * from "../../features/accounts/accounts.tables.server.ts";
export * from "../http/client-reports.tables.server.ts";
export * from "../../features/social/social.tables.server.ts";
export * from "../../features/play/play.tables.server.ts";
