import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../../platform/http/errors.ts";
import { publicOriginsOf, registerPublicApiRoutes, sendCacheable } from "../../members/public-api/public-api-scope.server.ts";
import type { PublicOrigins } from "../../members/public-api/public-api.schema.ts";
import { absoluteImageUrl } from "../../members/public-api/public-api.presenter.ts";
import { countryApiUrl } from "../../members/public-api/public-country.ts";
import type { ClubRoleName } from "../../accounts/roles.server.ts";
import type { ClubDetails, ClubsService } from "../clubs.service.server.ts";
import type { ClubMembershipService } from "../club-membership.service.server.ts";
import type { ClubRatingsSource } from "../club-ratings.port.ts";
import type { ClubStaffService } from "../club-staff.service.server.ts";

/** GET /pub/club/{url-id}, in the shape public-API clients read (chess-web-api's getClub). */
export interface PublicClub {
  readonly "@id": string;
  readonly name: string;
  readonly club_id: number;
  /** The club's image, or the default club image when none was uploaded. */
  readonly icon: string;
  readonly country: string;
  readonly average_daily_rating: number;
  readonly members_count: number;
  readonly created: number;
  readonly last_activity: number;
  readonly visibility: "public";
  readonly join_request: string;
  readonly admin: readonly string[];
  readonly description: string;
}

const urlIdSchema = z.object({ urlId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The image a club without an uploaded one shows in the public API (public/images). */
export const DEFAULT_CLUB_ICON_PATH = "/images/default-club.svg";

export function presentPublicClub(club: ClubDetails, staff: readonly { username: string; role: ClubRoleName }[], origins: PublicOrigins, averageDailyRating: number): PublicClub {
  const icon = absoluteImageUrl(club.avatarUrl, origins) ?? `${origins.site}${DEFAULT_CLUB_ICON_PATH}`;
  return {
    "@id": `${origins.api}/club/${club.url}`,
    name: club.name,
    club_id: club.id,
    icon,
    country: countryApiUrl(origins, club.countryCode),
    average_daily_rating: averageDailyRating,
    members_count: club.memberCount,
    created: seconds(club.createdAt),
    last_activity: seconds(club.lastActivityAt),
    visibility: "public",
    join_request: `${origins.site}/club/${club.url}`,
    admin: staff.map((entry) => `${origins.api}/player/${entry.username.toLowerCase()}`),
    description: club.description,
  };
}

/** The public club API: the club and its members (weekly, monthly, all_time), with the player endpoint's caching and limits. */
/** What the public club API reads: the club, its members and its staff, each from its service. */
export interface PublicClubSources {
  readonly clubs: Pick<ClubsService, "details">;
  readonly clubMembership: Pick<ClubMembershipService, "publicMembers">;
  readonly clubStaff: Pick<ClubStaffService, "staffOf">;
  readonly clubRatings: ClubRatingsSource;
}

export async function registerPublicClubApi(app: FastifyInstance, { clubs, clubMembership, clubStaff, clubRatings }: PublicClubSources): Promise<void> {
  async function clubOf(request: FastifyRequest): Promise<ClubDetails> {
    const params = urlIdSchema.safeParse(request.params);
    const club = params.success ? await clubs.details(params.data.urlId) : null;
    if (!club) throw new AppError("not_found");
    return club;
  }

  const clubHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const origins = publicOriginsOf(request);
    const club = await clubOf(request);
    const staff = (await clubStaff.staffOf(club.id)).map((entry) => ({ username: entry.member.username, role: entry.role }));
    const averageDailyRating = await clubRatings.averageDailyRating(club.id);
    return sendCacheable(request, reply, { body: JSON.stringify(presentPublicClub(club, staff, origins, averageDailyRating)), lastModified: seconds(club.lastActivityAt) });
  };
  const membersHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const club = await clubOf(request);
    return sendCacheable(request, reply, { body: JSON.stringify(await clubMembership.publicMembers(club.id)) });
  };

  await registerPublicApiRoutes(app, {}, [
    { url: "/pub/club/:urlId", handler: clubHandler },
    { url: "/pub/club/:urlId/members", handler: membersHandler },
  ]);
}
