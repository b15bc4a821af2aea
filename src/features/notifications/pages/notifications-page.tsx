import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data, redirect } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { Pagination } from "../../../ui/pagination.tsx";
import { notificationListQuerySchema, type NotificationItem } from "../notifications.schema.ts";
import { NotificationEntry } from "../components/notification-entry.tsx";
import { useNotifications, useSeenNotifications } from "../components/notifications-context.tsx";
import type { Route } from "./+types/notifications-page";
import "../components/notifications.css";

/**
 * /notifications: the signed-in member's notifications, newest first, a page
 * at a time, server-rendered; mark one or all as read with plain form posts
 * (the bell's hub takes them over once the page is interactive). Notifications
 * that arrive while it is open appear at the top.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const locale = page.pathLocale;
  const viewer = context.viewer;
  const query = notificationListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const pageNumber = query.success ? query.data.page : 1;
  const here = generateLink("web_notifications", pageNumber > 1 ? { page: pageNumber } : {}, { locale });
  if (!viewer.isLoggedIn || viewer.id === null) {
    throw redirect(generateLink(viewer.id !== null ? "web_2fa_login" : "web_security_login_and_go", { redirectUrl: here }, { locale }));
  }
  if (!viewer.isMember) throw data(null, { status: 403 });
  const list = await context.services.notifications.list(viewer.id, { page: pageNumber });
  return { list, here };
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { list, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const hub = useNotifications();
  useSeenNotifications(list.notifications);
  const shownIds = new Set(list.notifications.map((item) => item.id));
  // Live arrivals belong above the first page only.
  const arrived: NotificationItem[] = list.page === 1 ? hub.arrived.filter((item) => !shownIds.has(item.id)) : [];
  const items = [...arrived, ...list.notifications].filter((item) => !hub.isRemoved(item));
  const unread = hub.unread ?? list.unread;
  const totalPages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const title = intl.formatMessage({ id: "notifications.page.title" });

  return (
    <section className="ks-page ks-notifications-page" aria-labelledby="page-title">
      <PageHeader title={title}>
        <p className="ks-notifications-intro">{intl.formatMessage({ id: "notifications.page.intro" })}</p>
      </PageHeader>
      <div className="ks-notifications-toolbar">
        <p className="ks-notifications-count" aria-live="polite">
          {intl.formatMessage({ id: "notifications.bell.unread" }, { count: unread })}
        </p>
        {unread > 0 && (
          <form
            method="post"
            action="/callback/notifications/read-all"
            onSubmit={(event) => {
              event.preventDefault();
              void hub.markAllRead().catch(() => undefined);
            }}
          >
            <FormSecurityFields />
            <input type="hidden" name="redirectUrl" value={here} />
            <button type="submit" className="ks-button ks-notification-button">
              {intl.formatMessage({ id: "notifications.mark_all_read" })}
            </button>
          </form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="ks-notifications-empty">{intl.formatMessage({ id: "notifications.page.empty" })}</p>
      ) : (
        <ul className="ks-notification-list" role="list">
          {items.map((item) => (
            <NotificationEntry key={item.id} item={item} backTo={here} />
          ))}
        </ul>
      )}
      <Pagination
        currentPage={list.page}
        totalPages={totalPages}
        hrefForPage={(pageNumber) => link("web_notifications", pageNumber > 1 ? { page: pageNumber } : {})}
        label={intl.formatMessage({ id: "notifications.page.pages" })}
      />
    </section>
  );
}
