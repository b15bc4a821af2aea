import { z } from "zod";
import { archiveViews, homeContentTypes } from "../current-user.ts";

/**
 * The three display preferences a member sets from the page (spec 001 §3.5,
 * §5, §7.4): bodies and answers, shared by the server routes and the browser.
 * Anything outside these values is refused (422) and changes nothing.
 */
export const archiveViewBodySchema = z.object({ archiveView: z.enum(archiveViews) });
export const homeContentTypeBodySchema = z.object({ recentContentType: z.enum(homeContentTypes) });
/** The path segment of /callback/user/set-fair-play-agree/{1|0}. */
export const fairPlayAgreeParamsSchema = z.object({ value: z.enum(["1", "0"]) });
/** A no-JavaScript form says where to go back to; only same-site paths are used. */
export const preferencesReturnSchema = z.object({ redirectUrl: z.string().max(2048).optional() });

export const archiveViewResponseSchema = z.object({ status: z.literal("ok"), archiveView: z.enum(archiveViews) });
export const homeContentTypeResponseSchema = z.object({ status: z.literal("ok"), homeContentType: z.enum(homeContentTypes) });
export const allowFriendRequestsResponseSchema = z.object({ status: z.literal("ok"), allowFriendRequests: z.boolean() });
export const fairPlayAgreeResponseSchema = z.object({ status: z.literal("ok"), fairPlayAgree: z.boolean() });

export type ArchiveViewResponse = z.infer<typeof archiveViewResponseSchema>;
export type HomeContentTypeResponse = z.infer<typeof homeContentTypeResponseSchema>;
export type FairPlayAgreeResponse = z.infer<typeof fairPlayAgreeResponseSchema>;
export type AllowFriendRequestsResponse = z.infer<typeof allowFriendRequestsResponseSchema>;
