/**
 * The events frame's callbacks of spec 000 §7 (issue 11 item 7). Every GET is
 * public (a club's events are public, like its page); `{id}` is the club's
 * numeric id (digits only, spec 000 §5). Answers: ClubEventList,
 * ClubEventCount or ClubSeekList (club-events.schema.ts). Refusals:
 * 404 club_not_found (not digits, or no such club), 404 unknown_event_type,
 * and for the subscription 401/403 (not a signed-in member), 404
 * event_not_found, 409 not_upcoming.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireMember } from "../../accounts/viewer.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { parseClubId, type ClubAccess } from "../club-access.service.server.ts";
import {
  clubEventFamilies,
  clubEventTypes,
  isClubEventType,
  isSubscribableEventType,
  type ClubEventFamily,
  type ClubEventGroup,
  type ClubEventType,
  type ClubSeekKind,
} from "./club-events.schema.ts";
import type { ClubEventFailure, ClubEventsService } from "./club-events.service.server.ts";

type Refusal = "club_not_found" | "unknown_event_type" | ClubEventFailure;

const refusalStatus: Readonly<Record<Refusal, number>> = { club_not_found: 404, unknown_event_type: 404, event_not_found: 404, not_upcoming: 409 };

function refuse(request: FastifyRequest, reply: FastifyReply, code: Refusal) {
  const messageKeys: Readonly<Record<Refusal, string>> = {
    club_not_found: "clubEvents.error.club_not_found",
    unknown_event_type: "clubEvents.error.unknown_event_type",
    event_not_found: "clubEvents.error.event_not_found",
    not_upcoming: "clubEvents.error.not_upcoming",
  };
  return reply.code(refusalStatus[code]).header("cache-control", "no-store").send({ code, message: translate(request, messageKeys[code]) });
}

function param(request: FastifyRequest, name: string): string {
  const params: unknown = request.params;
  const value: unknown = params && typeof params === "object" ? Reflect.get(params, name) : undefined;
  return typeof value === "string" ? value : "";
}

function pageOf(request: FastifyRequest): number {
  const query: unknown = request.query;
  const value: unknown = query && typeof query === "object" ? Reflect.get(query, "page") : undefined;
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

export function registerClubEventsRoutes(app: FastifyInstance, deps: { readonly events: ClubEventsService; readonly clubs: Pick<ClubAccess, "findClub"> }): void {
  const { events, clubs } = deps;

  async function clubIdOf(request: FastifyRequest): Promise<number | null> {
    const id = parseClubId(param(request, "id"));
    if (id === null) return null;
    return (await clubs.findClub(String(id)))?.id ?? null;
  }

  function listRoute(path: string, group: ClubEventGroup, typesOf: (request: FastifyRequest) => readonly ClubEventType[] | null, withClub = true) {
    app.get(path, async (request, reply) => {
      const types = typesOf(request);
      if (!types) return refuse(request, reply, "unknown_event_type");
      if (!withClub) {
        // /callback/clubs/votechess/upcoming without a club: no club, so nothing of any club; the shape stays the same.
        return reply.send(await events.list(0, group, types, pageOf(request)));
      }
      const clubId = await clubIdOf(request);
      if (clubId === null) return refuse(request, reply, "club_not_found");
      return reply.send(await events.list(clubId, group, types, pageOf(request)));
    });
  }

  const family = (name: ClubEventFamily) => () => clubEventFamilies[name];
  const typeParam = (request: FastifyRequest) => {
    const type = param(request, "type");
    return isClubEventType(type) ? [type] : null;
  };

  for (const group of ["upcoming", "current", "past"] as const) {
    listRoute(`/callback/clubs/daily/${group}/:id`, group, family("daily"));
    listRoute(`/callback/clubs/live/${group}/:id`, group, family("live"));
    listRoute(`/callback/clubs/votechess/${group}/:id`, group, family("votechess"));
    listRoute(`/callback/clubs/${group}/:id/:type`, group, typeParam);
  }
  listRoute("/callback/clubs/votechess/upcoming", "upcoming", family("votechess"), false);

  for (const [path, group] of [
    ["currentevents", "current"],
    ["pastevents", "past"],
    ["upcomingevents", "upcoming"],
  ] as const) {
    app.get(`/callback/clubs/count/${path}/:id`, async (request, reply) => {
      const clubId = await clubIdOf(request);
      if (clubId === null) return refuse(request, reply, "club_not_found");
      return reply.send(await events.count(clubId, group));
    });
  }

  for (const [path, kind] of [
    ["/callback/clubs/daily/seeks/:id", "daily"],
    ["/callback/clubs/votechess/seeks/:id", "votechess"],
    ["/callback/clubs/team-match/seeks/:id", "team-match"],
    ["/callback/clubs/multi-club/challenges/:id", "multi-club"],
  ] as const satisfies ReadonlyArray<readonly [string, ClubSeekKind]>) {
    app.get(path, async (request, reply) => {
      const clubId = await clubIdOf(request);
      if (clubId === null) return refuse(request, reply, "club_not_found");
      return reply.send(await events.seeks(clubId, kind));
    });
  }

  async function subscription(request: FastifyRequest, reply: FastifyReply, subscribe: boolean) {
    const session = requireMember(request);
    const type = param(request, "type");
    const idText = param(request, "id");
    if (!isSubscribableEventType(type)) return refuse(request, reply, "unknown_event_type");
    if (!/^\d{1,15}$/.test(idText)) return refuse(request, reply, "event_not_found");
    const result = subscribe ? await events.subscribe(session.user.id, type, Number(idText)) : await events.unsubscribe(session.user.id, type, Number(idText));
    if (!result.ok) return refuse(request, reply, result.error);
    return reply.send({
      status: "ok",
      subscribed: result.value.subscribed,
      message: translate(request, result.value.subscribed ? "clubEvents.done.subscribed" : "clubEvents.done.unsubscribed"),
    });
  }

  // Spec 000 §7: POST subscribes; DELETE on the same path unsubscribes (the spec's "unsubscribed to event" text).
  app.post("/callback/clubs/live/upcoming/subscribe/:type/:id", async (request, reply) => subscription(request, reply, true));
  app.delete("/callback/clubs/live/upcoming/subscribe/:type/:id", async (request, reply) => subscription(request, reply, false));
}

/** Every event type, for the pages' "all events" lists. */
export const allClubEventTypes: readonly ClubEventType[] = clubEventTypes;
