import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/enable-member-page";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { generateLink } from "../../../../platform/links/links.ts";
import { ErrorPage } from "../../../../platform/shell/error-page.tsx";
import { RelativeTime } from "../../../../ui/relative-time.tsx";
import { MemberName } from "../../../social/card/member-name.tsx";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { isClosedLevel, levelMessageIds, membershipName } from "../../levels.ts";
import { pickCode } from "../../membership/page-notices.ts";
import { MAX_MEMBER_ID, staffActionFailures } from "../staff.schema.ts";

/**
 * /members/enable/{id}: staff see the member and a confirm form that posts to
 * the same path. Anonymous visitors are sent to sign in; other members get a
 * 403 page (the POST checks again: a page is not a permission).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const url = new URL(request.url);
  const viewer = context.viewer;
  if (!viewer.isLoggedIn) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: url.pathname }));
  if (!viewer.isStaff) throw data({ forbidden: true }, { status: 403 });
  const id = Number(page.params.id);
  const member = id >= 1 && id <= MAX_MEMBER_ID ? await context.services.staff.memberAccount(id) : null;
  if (!member) throw data(null, { status: 404 });
  return { routeName: page.route.name, member, error: pickCode(url.searchParams.get("error"), staffActionFailures) };
}

export default function EnableMemberPage({ loaderData }: Route.ComponentProps) {
  const { routeName, member, error } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const level = membershipName(member.membershipLevel);
  return (
    <section className="ks-page ks-staff-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })} />
      {error && <p className="ks-form-error" role="alert">{intl.formatMessage({ id: `staff.error.${error}` })}</p>}
      <div className="ks-card ks-staff-member">
        <p className="ks-member-line">
          <MemberName member={member} />
          <span className={isClosedLevel(member.membershipLevel) ? "ks-membership-badge ks-membership-badge-closed" : "ks-membership-badge"}>
            {intl.formatMessage({ id: levelMessageIds[level] })}
          </span>
        </p>
        {member.isEnabled ? (
          <p className="ks-form-success" role="status">{intl.formatMessage({ id: "staff.enable.already_enabled" })}</p>
        ) : (
          <p className="ks-account-notice" role="status">
            {intl.formatMessage({ id: "staff.account.disabled" })}
            {member.disabledAt && (
              <>
                {" "}
                <RelativeTime date={member.disabledAt} />
              </>
            )}
          </p>
        )}
        <form method="post" action={`/members/enable/${member.id}`} className="ks-form">
          <FormSecurityFields />
          <p>{intl.formatMessage({ id: "staff.enable.confirm" }, { username: member.username })}</p>
          <div className="ks-actions">
            <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "staff.enable.submit" })}</button>
            <a className="ks-button ks-button-quiet" href={link("web_member_profile", { username: member.username })}>{intl.formatMessage({ id: "staff.enable.cancel" })}</a>
          </div>
        </form>
      </div>
    </section>
  );
}

/** 403 for members who are not staff: said plainly, in the page frame. Other errors: the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const intl = useIntl();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 403) return <ErrorPage status={status} home="web_home" />;
  return (
    <section className="ks-page ks-error-page" aria-labelledby="error-title">
      <p className="ks-error-status" aria-hidden="true">403</p>
      <h1 id="error-title">{intl.formatMessage({ id: "staff.forbidden.title" })}</h1>
      <title>{`${intl.formatMessage({ id: "staff.forbidden.title" })} · Kingside`}</title>
      <p>{intl.formatMessage({ id: "staff.forbidden.text" })}</p>
    </section>
  );
}
