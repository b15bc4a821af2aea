import { ClubTextForm } from "../../forum/components/club-text-form.tsx";
import { SanitisedHtmlBlock } from "../../../../ui/sanitised-html.tsx";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../../platform/security/form-security-fields.tsx";
import { Pagination } from "../../../../ui/pagination.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { NOTE_BODY_MAX } from "../../forum/club-forum.constants.ts";
import { clubForumAllows } from "../../forum/club-forum.policy.ts";
import { clubViewerOfPage, forumErrorOf, pageNumberOf } from "../../forum/club-page-viewer.server.ts";
import { ClubSectionHeader } from "../../forum/components/club-section-header.tsx";
import type { Route } from "./+types/club-notes-page";
import "../../forum/club-forum.css";

/**
 * /club/notes/{url}: the club's notes, newest first. The owner and admins
 * (and site staff) post them (POST /clubs/notes/{club id}) and delete them
 * (/clubs/note/delete/{note id}); everyone who can see the club reads them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const club = await context.services.clubAccess.findClub(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const viewer = clubViewerOfPage(context.viewer);
  const standing = await context.services.clubAccess.standingOf(club.id, viewer?.id ?? null);
  const list = await context.services.clubNotes.list(club.id, pageNumberOf(request));
  return {
    club: { id: club.id, url: club.url, name: club.name },
    list,
    canPost: clubForumAllows(viewer, { kind: "post_note" }, standing),
    canDelete: clubForumAllows(viewer, { kind: "delete_note" }, standing),
    error: forumErrorOf(request),
    here: generateLink("web_club_notes", { url: club.url }),
  };
}

export default function ClubNotesPage({ loaderData }: Route.ComponentProps) {
  const { club, list, canPost, canDelete, error, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-club-forum" aria-labelledby="page-title">
      <ClubSectionHeader title={intl.formatMessage({ id: "clubNotes.title" }, { club: club.name })} club={club} across="forum" error={error} />
      {canPost && (
        <ClubTextForm
          action={`/clubs/notes/${club.id}`}
          here={here}
          headingId="club-notes-new"
          heading={intl.formatMessage({ id: "clubNotes.new" })}
          field="note"
          label={intl.formatMessage({ id: "clubNotes.body" })}
          maxLength={NOTE_BODY_MAX}
          rows={4}
          submit={intl.formatMessage({ id: "clubNotes.submit" })}
        />
      )}
      {list.notes.length === 0 ? (
        <p className="ks-club-forum-empty">{intl.formatMessage({ id: "clubNotes.empty" })}</p>
      ) : (
        <ol className="ks-club-post-list" role="list">
          {list.notes.map((note) => (
            <li key={note.id} id={`note-${note.id}`} className="ks-card ks-club-post" data-note-id={note.id}>
              <p className="ks-club-post-meta">
                <span>{intl.formatMessage({ id: "clubNotes.by" }, { username: note.author ?? intl.formatMessage({ id: "clubForum.deleted_member" }) })}</span>
                <RelativeTime date={note.createdAt} />
              </p>
              {/* Rendered from Markdown on the server and sanitised by an allowlist (club-markdown.server.ts). */}
              <SanitisedHtmlBlock className="ks-club-post-body" html={note.html} />
              {canDelete && (
                <form method="post" action={`/clubs/note/delete/${note.id}`} className="ks-club-post-actions">
                  <FormSecurityFields />
                  <input type="hidden" name="redirectUrl" value={here} />
                  <button type="submit" className="ks-button ks-button-danger" aria-label={intl.formatMessage({ id: "clubNotes.delete_label" })}>
                    {intl.formatMessage({ id: "clubNotes.delete" })}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pagination currentPage={list.page} totalPages={list.totalPages} hrefForPage={(pageNumber) => link("web_club_notes", pageNumber > 1 ? { url: club.url, page: pageNumber } : { url: club.url })} label={intl.formatMessage({ id: "clubNotes.pages" })} />
    </section>
  );
}
