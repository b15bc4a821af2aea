import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";

/**
 * The head of the club's forum and notes pages: the title, the way back to
 * the club and across to the other section, and a refused form's message.
 */
export function ClubSectionHeader({ title, club, across, error }: { title: string; club: { readonly url: string; readonly name: string }; across: "forum" | "notes"; error: string | null }) {
  const intl = useIntl();
  const link = useLinks();
  return (
    <>
      <PageHeader title={title}>
        <nav className="ks-club-forum-nav" aria-label={club.name}>
          <a href={link("web_club", { url: club.url })}>{intl.formatMessage({ id: "clubForum.back_to_club" }, { club: club.name })}</a>
          {across === "notes" ? (
            <a href={link("web_club_notes", { url: club.url })}>{intl.formatMessage({ id: "clubForum.notes_link" })}</a>
          ) : (
            <a href={link("web_clubs_forum", { url: club.url })}>{intl.formatMessage({ id: "clubForum.forum_link" })}</a>
          )}
        </nav>
      </PageHeader>
      {error && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: `clubForum.error.${error}` })}
        </p>
      )}
    </>
  );
}
