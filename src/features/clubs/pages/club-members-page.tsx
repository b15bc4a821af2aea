import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { Pagination } from "../../../ui/pagination.tsx";
import { clubActionAllowed, memberRemovalRefusal } from "../club-role.policy.ts";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { clubMembersQuerySchema } from "../clubs.schema.ts";
import { ClubActionForm, ClubFormError } from "../components/club-parts.tsx";
import { closeDetailsOnEscape } from "../../../ui/details-menu.ts";
import type { Route } from "./+types/club-members-page";
import "../components/clubs.css";

/**
 * /clubs/members/{url}: the members, newest first, a page at a time, with
 * their roles and a username search; the owner (and site staff) make and
 * remove admins, the owner and admins chat moderators and remove members.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { clubs, clubMembership } = context.services;
  const club = await clubs.details(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const query = clubMembersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const viewer = clubViewerOfUser(context.viewer);
  const { standing } = await clubs.viewerState(club, viewer);
  const list = await clubMembership.members(club.id, { page: query.page, ...(query.q ? { search: query.q } : {}) });
  const here = generateLink("web_clubs_members", { url: club.url }, { locale: page.pathLocale }) + (query.q || query.page > 1 ? `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.page > 1 ? { page: String(query.page) } : {}) }).toString()}` : "");
  const canAdmins = clubActionAllowed(viewer, "manage_admins", standing, club);
  const canModerators = clubActionAllowed(viewer, "manage_chat_moderators", standing, club);
  const canOwner = clubActionAllowed(viewer, "change_owner", standing, club);
  return {
    club: { id: club.id, url: club.url, name: club.name },
    here,
    error: formErrorOf(request),
    q: query.q ?? "",
    page: list.page,
    totalPages: Math.max(1, Math.ceil(list.total / list.pageSize)),
    total: list.total,
    members: list.entries.map((entry) => ({
      username: entry.member.username,
      roles: entry.roles,
      joinedAt: entry.joinedAt.toISOString(),
      canAdmin: canAdmins && !entry.roles.includes("owner"),
      canModerator: canModerators && !entry.roles.includes("owner"),
      canOwner: canOwner && !entry.roles.includes("owner"),
      canRemove: clubActionAllowed(viewer, "remove_member", standing, club) && memberRemovalRefusal(viewer, standing, { member: true, roles: entry.roles }) === null,
    })),
  };
}

export default function ClubMembersPage({ loaderData }: Route.ComponentProps) {
  const { club, members, q, page, totalPages, total, here, error } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const base = link("web_clubs_members", { url: club.url });
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "clubs.members.title" }, { club: club.name })}>
        <a href={link("web_club", { url: club.url })}>{intl.formatMessage({ id: "clubs.members.back" })}</a>
      </PageHeader>
      <ClubFormError code={error} />
      <form method="get" className="ks-card ks-club-filters" role="search">
        <label className="ks-field">
          {intl.formatMessage({ id: "clubs.members.search" })}
          <input type="search" name="q" defaultValue={q} maxLength={25} pattern="[A-Za-z0-9_\-]*" />
        </label>
        <button type="submit" className="ks-button">
          {intl.formatMessage({ id: "clubs.find.submit" })}
        </button>
      </form>
      <p className="ks-muted" role="status">{intl.formatMessage({ id: "clubs.members_count" }, { count: total })}</p>
      <ul className="ks-club-members" role="list">
        {members.map((entry) => (
          <li key={entry.username} data-member={entry.username}>
            <a className="ks-club-member-name" href={link("web_member_profile", { username: entry.username.toLowerCase() })}>
              {entry.username}
            </a>
            {entry.roles.map((role) => (
              <span key={role} className="ks-club-role">
                {intl.formatMessage({ id: role === "owner" ? "clubs.role.owner" : role === "admin" ? "clubs.role.admin" : "clubs.role.chat_moderator" })}
              </span>
            ))}
            {(entry.canAdmin || entry.canModerator || entry.canOwner || entry.canRemove) && (
              // The owner's and admins' actions on a member fold into one menu: a page of members stays a list, not a wall of buttons.
              <details className="ks-club-member-menu" onKeyDown={closeDetailsOnEscape}>
                <summary className="ks-button ks-button-quiet">
                  {intl.formatMessage({ id: "clubs.members.manage" })}
                  <span className="ks-visually-hidden"> {entry.username}</span>
                  <span aria-hidden="true"> ▾</span>
                </summary>
                <div className="ks-club-member-actions">
                {entry.canAdmin && (
                  <ClubActionForm action={`/callback/club/role/${club.id}/${entry.username}`} back={here} hidden={{ role: "admin", granted: entry.roles.includes("admin") ? "0" : "1" }} label={intl.formatMessage({ id: entry.roles.includes("admin") ? "clubs.members.remove_admin" : "clubs.members.make_admin" }, { username: entry.username })} />
                )}
                {entry.canModerator && (
                  <ClubActionForm
                    action={`/callback/club/role/${club.id}/${entry.username}`}
                    back={here}
                    hidden={{ role: "chat_moderator", granted: entry.roles.includes("chat_moderator") ? "0" : "1" }}
                    label={intl.formatMessage({ id: entry.roles.includes("chat_moderator") ? "clubs.members.remove_moderator" : "clubs.members.make_moderator" }, { username: entry.username })}
                  />
                )}
                {entry.canOwner && <ClubActionForm action={`/callback/club/owner/change/${club.id}/${entry.username}`} back={here} label={intl.formatMessage({ id: "clubs.members.make_owner" }, { username: entry.username })} />}
                {entry.canRemove && <ClubActionForm action={`/callback/club/member/remove/${club.id}/${entry.username}`} back={here} label={intl.formatMessage({ id: "clubs.members.remove" }, { username: entry.username })} />}
                </div>
              </details>
            )}
          </li>
        ))}
      </ul>
      <Pagination currentPage={page} totalPages={totalPages} hrefForPage={(pageNumber) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(pageNumber) }).toString()}`} label={intl.formatMessage({ id: "clubs.find.pages" })} />
    </section>
  );
}
