import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, type Result } from "../../../platform/http/errors.ts";
import { declareFailures } from "../../../platform/http/failure-statuses.ts";
import { formFailed, formSucceeded } from "../../../platform/http/form-response.server.ts";
import { translate } from "../../../platform/http/json-errors.server.ts";
import { generateLink, safeRedirectPath } from "../../../platform/links/links.ts";
import type { ClubAccess } from "../club-access.service.server.ts";
import { parseClubId } from "../club-access.service.server.ts";
import { clubViewerOf } from "../club-viewer.server.ts";
import type { ClubNotesService, NoteFailure } from "../notes/club-notes.service.server.ts";
import type { ClubForumService, ForumActor, ForumFailure } from "./club-forum.service.server.ts";

/** What kind of refusal each is (its status: platform/http/failure-statuses.ts); its text is the message clubForum.error.<code>. */
declareFailures<ForumFailure | NoteFailure>({
  sign_in_required: "unauthenticated",
  not_member: "refused",
  club_admins_only: "refused",
  topic_locked: "refused",
  not_author: "refused",
  edit_window_closed: "refused",
  opening_post: "invalid",
  not_found: "not_found",
  title_length: "invalid",
  body_length: "invalid",
});

/** Form fields (or JSON) the forum's posts take; unknown fields (the _token) pass. */
const textBodySchema = z
  .object({
    title: z.string().max(2000).optional(),
    body: z.string().max(50_000).optional(),
    note: z.string().max(50_000).optional(),
    value: z.union([z.enum(["0", "1"]), z.literal(0), z.literal(1), z.boolean()]).optional(),
    redirectUrl: z.string().max(2000).optional(),
  })
  .loose();
type TextBody = z.infer<typeof textBodySchema>;

function bodyOf(request: FastifyRequest): TextBody {
  const parsed = textBodySchema.safeParse(request.body ?? {});
  return parsed.success ? parsed.data : {};
}

function numericParam(request: FastifyRequest, name: string): number {
  const params: unknown = request.params;
  const value: unknown = params && typeof params === "object" ? Reflect.get(params, name) : undefined;
  const id = typeof value === "string" ? parseClubId(value) : null;
  if (id === null) throw new AppError("not_found");
  return id;
}

/** The acting member, or null (the policy answers sign_in_required). */
function actorOf(request: FastifyRequest): ForumActor | null {
  const viewer = clubViewerOf(request);
  const session = request.viewer.session;
  return viewer && session ? { ...viewer, username: session.user.username } : null;
}

/** Where a form without JavaScript goes back to: its redirectUrl (same site only), or the fallback. */
function backTo(request: FastifyRequest, fallback: string): string {
  return safeRedirectPath(bodyOf(request).redirectUrl) ?? fallback;
}

function answer<T>(request: FastifyRequest, reply: FastifyReply, result: Result<T, ForumFailure | NoteFailure>, success: (value: T) => { to: string; json?: Record<string, unknown> }, failureBack: string) {
  if (!result.ok) {
    return formFailed(request, reply, { code: result.error, message: translate(request, `clubForum.error.${result.error}`) }, failureBack);
  }
  const { to, json } = success(result.value);
  return formSucceeded(request, reply, to, json);
}

const flagValue = (value: TextBody["value"]): boolean => value === true || value === 1 || value === "1";

const postingRateLimit = { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } };

/**
 * The forum's and the notes' writes: plain form posts that come back to the
 * page (303), or JSON for the HTTP client. Every one asks the forum policy
 * through the service before anything changes.
 */
export function registerClubForumRoutes(app: FastifyInstance, deps: { forum: ClubForumService; notes: ClubNotesService; clubAccess: ClubAccess }): void {
  const { forum, notes, clubAccess } = deps;

  async function clubById(request: FastifyRequest, name: string) {
    const club = (await clubAccess.clubsByIds([numericParam(request, name)])).values().next().value;
    if (!club) throw new AppError("not_found");
    return club;
  }

  const forumLink = (url: string) => generateLink("web_clubs_forum", { url });
  const topicLink = (path: string, page = 1, postId?: number) => generateLink("web_clubs_forum_view", page > 1 ? { url: path, page } : { url: path }, postId ? { anchor: `post-${postId}` } : {});
  const notesLink = (url: string) => generateLink("web_club_notes", { url });

  // Notes (spec 000 §7): POST /clubs/notes/{club id}; /clubs/note/delete/{note id} (method not shown: POST and DELETE).
  app.post("/clubs/notes/:id", postingRateLimit, async (request, reply) => {
    const club = await clubById(request, "id");
    const actor = actorOf(request);
    const result = actor ? await notes.post(actor, club.id, bodyOf(request).note ?? bodyOf(request).body ?? "") : ({ ok: false, error: "sign_in_required" } as const);
    return answer(request, reply, result, (value) => ({ to: notesLink(club.url), json: { noteId: value.noteId } }), backTo(request, notesLink(club.url)));
  });

  const deleteNote = async (request: FastifyRequest, reply: FastifyReply) => {
    const noteId = numericParam(request, "id");
    const actor = actorOf(request);
    const result = actor ? await notes.delete(actor, noteId) : ({ ok: false, error: "sign_in_required" } as const);
    const fallback = generateLink("web_clubs");
    if (!result.ok) return answer(request, reply, result, () => ({ to: fallback }), backTo(request, fallback));
    const club = (await clubAccess.clubsByIds([result.value.clubId])).get(result.value.clubId);
    return formSucceeded(request, reply, club ? notesLink(club.url) : fallback);
  };
  app.post("/clubs/note/delete/:id", deleteNote);
  app.delete("/clubs/note/delete/:id", deleteNote);

  app.post("/callback/clubs/forum/:id/topic", postingRateLimit, async (request, reply) => {
    const club = await clubById(request, "id");
    const actor = actorOf(request);
    const body = bodyOf(request);
    const result = actor ? await forum.startTopic(actor, club, { title: body.title ?? "", body: body.body ?? "" }) : ({ ok: false, error: "sign_in_required" } as const);
    return answer(request, reply, result, (value) => ({ to: topicLink(value.path), json: { topicId: value.topicId, postId: value.postId } }), backTo(request, forumLink(club.url)));
  });

  app.post("/callback/clubs/forum/topic/:id/reply", postingRateLimit, async (request, reply) => {
    const actor = actorOf(request);
    const result = actor ? await forum.reply(actor, numericParam(request, "id"), bodyOf(request).body ?? "") : ({ ok: false, error: "sign_in_required" } as const);
    return answer(request, reply, result, (value) => ({ to: topicLink(value.path, value.page, value.postId), json: { postId: value.postId } }), backTo(request, generateLink("web_clubs")));
  });

  app.post("/callback/clubs/forum/post/:id/edit", postingRateLimit, async (request, reply) => {
    const actor = actorOf(request);
    const body = bodyOf(request);
    const postId = numericParam(request, "id");
    const result = actor ? await forum.editPost(actor, postId, { body: body.body ?? "", ...(body.title !== undefined ? { title: body.title } : {}) }) : ({ ok: false, error: "sign_in_required" } as const);
    return answer(request, reply, result, (value) => ({ to: topicLink(value.path, value.page, postId) }), backTo(request, generateLink("web_clubs")));
  });

  for (const flag of ["pinned", "locked"] as const) {
    app.post(`/callback/clubs/forum/topic/:id/${flag === "pinned" ? "pin" : "lock"}`, async (request, reply) => {
      const actor = actorOf(request);
      const result = actor ? await forum.setTopicFlag(actor, numericParam(request, "id"), flag, flagValue(bodyOf(request).value)) : ({ ok: false, error: "sign_in_required" } as const);
      const back = backTo(request, generateLink("web_clubs"));
      return answer(request, reply, result, () => ({ to: back, json: { [flag]: flagValue(bodyOf(request).value) } }), back);
    });
  }

  app.post("/callback/clubs/forum/topic/:id/delete", async (request, reply) => {
    const actor = actorOf(request);
    const result = actor ? await forum.deleteTopic(actor, numericParam(request, "id")) : ({ ok: false, error: "sign_in_required" } as const);
    if (!result.ok) return answer(request, reply, result, () => ({ to: "/" }), backTo(request, generateLink("web_clubs")));
    const club = (await clubAccess.clubsByIds([result.value.clubId])).get(result.value.clubId);
    return formSucceeded(request, reply, club ? forumLink(club.url) : generateLink("web_clubs"));
  });

  // A comment (spec 000 §7: DELETE /callback/comment/{id}); club forum replies are the comments so far. The POST twin serves forms without JavaScript.
  const deleteComment = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = actorOf(request);
    const result = actor ? await forum.deletePost(actor, numericParam(request, "id")) : ({ ok: false, error: "sign_in_required" } as const);
    return answer(request, reply, result, (value) => ({ to: topicLink(value.path), json: { topicId: value.topicId } }), backTo(request, generateLink("web_clubs")));
  };
  app.delete("/callback/comment/:id", deleteComment);
  app.post("/callback/comment/:id/delete", deleteComment);
}
