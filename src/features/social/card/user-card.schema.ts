import { z } from "zod";
import { reportReasons } from "../social.schema.ts";

/**
 * The answers of the user card calls (spec 001 §3.4, §7.2, §7.3). The card
 * takes their types (`import type`) and parses nothing: zod stays out of the
 * browser bundle (decision 0028). The schemas hold the server's answers to
 * the contract in tests (archive.http.test.ts reads a popup answer with popupResponseSchema).
 */

export const notMessageableReasons = ["closed", "blocked", "guest", "self", "anonymous"] as const;

export const cardUserSchema = z.object({
  userId: z.number().int(),
  uuid: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string(),
  chessTitle: z.string().nullable(),
  country: z.string(),
  countryId: z.string(),
  countryName: z.string(),
  joinDate: z.string(),
  lastLoginDate: z.string().nullable(),
  statusText: z.string().nullable(),
  isEnabled: z.boolean(),
  isGuest: z.boolean(),
  isClosed: z.boolean(),
  closedLabel: z.string().nullable(),
  isFideVerified: z.boolean(),
  isStaff: z.boolean(),
  isModerator: z.boolean(),
  isStreamer: z.boolean(),
  isTopBlogger: z.boolean(),
  isCoach: z.boolean(),
  allowFriendRequests: z.boolean(),
  isMessageable: z.boolean(),
  notMessageableReasonCode: z.enum(notMessageableReasons).nullable(),
  canReceiveGiftMembership: z.boolean(),
  ratings: z.array(z.object({ type: z.string(), rating: z.number(), provisional: z.boolean(), games: z.number().int(), best: z.number().nullable() })).readonly(),
  rating: z.number().nullable(),
  ratingType: z.string().nullable(),
  bestRating: z.number().nullable(),
  bestRatingType: z.string().nullable(),
  onlineStatus: z.enum(["online", "offline"]),
  clubs: z.array(z.object({ url: z.string(), name: z.string(), avatarUrl: z.string().nullable() })).readonly(),
  flair: z.object({ code: z.string() }).nullable(),
  membership: z.object({ code: z.string(), level: z.number().int(), name: z.string() }),
  counts: z.object({ friends: z.number().int(), followers: z.number().int(), following: z.number().int() }),
  note: z.string().nullable(),
  isSelf: z.boolean(),
  areFriends: z.boolean(),
  isFriendRequestExists: z.boolean(),
  isFriendRequestFromUserExists: z.boolean(),
  isTracked: z.boolean(),
  isBlocked: z.boolean(),
  blocksCurrentUser: z.boolean(),
  isMuted: z.boolean(),
});

/** One member as the card (and the profile's action bar) knows them. */
export type CardUser = z.infer<typeof cardUserSchema>;

/** GET /callback/user/popup/{username} */
export const popupResponseSchema = z.object({ user: cardUserSchema });
export type PopupResponse = z.infer<typeof popupResponseSchema>;

/** GET /callback/user/lifetime-score/{user}/{opponent} */
export const lifetimeScoreSchema = z.object({ win: z.number().int(), lose: z.number().int(), draw: z.number().int() });
export type CardLifetimeScore = z.infer<typeof lifetimeScoreSchema>;

/** Friend, follow and block calls: { status: "ok", relationship, message }. */
export const relationshipResponseSchema = z.object({ status: z.literal("ok"), message: z.string().optional() });
export type RelationshipResponse = z.infer<typeof relationshipResponseSchema>;

/** GET /callback/report-user/reasons */
export const reportReasonsResponseSchema = z.object({ reasons: z.array(z.object({ id: z.enum(reportReasons), label: z.string() })) });
export type ReportReasonsResponse = z.infer<typeof reportReasonsResponseSchema>;
export type CardReportReason = ReportReasonsResponse["reasons"][number];

/** POST /callback/report-user */
export const reportResponseSchema = z.object({
  status: z.literal("ok"),
  report: z.object({ reported: z.boolean(), blocked: z.boolean() }),
  message: z.string().optional(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** POST /callback/user/set-status */
export const statusResponseSchema = z.object({ status: z.literal("ok"), statusText: z.string().nullable() });
export type StatusResponse = z.infer<typeof statusResponseSchema>;
