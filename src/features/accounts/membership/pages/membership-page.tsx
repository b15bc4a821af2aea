import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/membership-page";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { FormSecurityFields } from "../../components/csrf-field.tsx";
import { levelMessageIds, membershipName } from "../../levels.ts";
import { memberUsernameFrom, membershipFailures, membershipNotices } from "../membership-rules.ts";
import { campaignFrom, plansFor, type Campaign, type MembershipPlan } from "../plans.ts";
import { PlanChoiceFields } from "../components/plan-choice-fields.tsx";
import { pickCode } from "../page-notices.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const query = new URL(request.url).searchParams;
  const campaign = campaignFrom(query);
  const expanded = query.get("plans") === "all";
  const viewer = context.viewer;
  const status = viewer.isLoggedIn && viewer.id !== null ? await context.services.membership.statusOf(viewer.id) : null;
  return {
    routeName: page.route.name,
    campaign,
    expanded,
    plans: plansFor(expanded),
    viewer: { isLoggedIn: viewer.isLoggedIn, isMember: viewer.isMember, isStaff: viewer.isStaff },
    status,
    error: pickCode(query.get("error"), [...membershipFailures, "validation_failed"]),
    done: pickCode(query.get("done"), membershipNotices),
    grantedUsername: memberUsernameFrom(query.get("username")),
  };
}

/** The query of this page for a campaign, with or without the full plan list. */
function pageQuery(campaign: Campaign, expanded: boolean): Record<string, string> {
  return { c: campaign.c, ...(campaign.b ? { b: campaign.b } : {}), ...(expanded ? { plans: "all" } : {}) };
}

export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const { routeName, campaign, expanded, plans, viewer, status, error, done, grantedUsername } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const here = link("web_membership", pageQuery(campaign, expanded));
  return (
    <section className="ks-page ks-membership" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: `route.${routeName}` })}>
        <p className="ks-lead">{intl.formatMessage({ id: "membership.page.lead" })}</p>
      </PageHeader>

      {error && (
        <p className="ks-form-error" role="alert">
          {intl.formatMessage({ id: error === "validation_failed" ? "membership.error.invalid_choice" : `membership.error.${error}` })}
        </p>
      )}
      {done && (
        <p className="ks-form-success" role="status">
          {intl.formatMessage({ id: `membership.done.${done}` }, { username: grantedUsername ?? "" })}
        </p>
      )}

      {status && <CurrentMembership level={status.level} expiresAt={status.expiresAt} />}

      <ul className="ks-plan-list" role="list" aria-label={intl.formatMessage({ id: "membership.page.plans_label" })}>
        {plans.map((plan) => (
          <li key={`${plan.level}-${plan.period}`}>
            <PlanCard plan={plan} campaign={campaign} canBuy={viewer.isMember} loginLink={link("web_security_login_and_go", { redirectUrl: here })} />
          </li>
        ))}
      </ul>

      <p className="ks-plan-toggle">
        <Link className="ks-button" to={link("web_membership", pageQuery(campaign, !expanded))} preventScrollReset>
          {intl.formatMessage({ id: expanded ? "membership.page.show_fewer" : "membership.page.show_all" })}
        </Link>
      </p>

      <aside className="ks-card ks-membership-note" aria-labelledby="membership-payments">
        <h2 id="membership-payments">{intl.formatMessage({ id: "membership.page.payments_title" })}</h2>
        <p>{intl.formatMessage({ id: "membership.page.payments_text" })}</p>
        <p>
          <a href={link("web_members_gifters")}>{intl.formatMessage({ id: "membership.page.gifters_link" })}</a>
        </p>
      </aside>

      {viewer.isStaff && <GrantForm />}
    </section>
  );
}

function CurrentMembership({ level, expiresAt }: { level: number; expiresAt: string | null }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: levelMessageIds[membershipName(level)] });
  return (
    <p className="ks-card ks-membership-current" role="status">
      {expiresAt
        ? intl.formatMessage({ id: "membership.page.current_until" }, { level: name, date: intl.formatDate(expiresAt, { dateStyle: "long" }) })
        : intl.formatMessage({ id: "membership.page.current" }, { level: name })}
    </p>
  );
}

function PlanCard({ plan, campaign, canBuy, loginLink }: { plan: MembershipPlan; campaign: Campaign; canBuy: boolean; loginLink: string }) {
  const intl = useIntl();
  const money = (cents: number) => intl.formatNumber(cents / 100, { style: "currency", currency: plan.currency });
  const levelName = intl.formatMessage({ id: levelMessageIds[plan.level] });
  const periodName = intl.formatMessage({ id: `membership.plan.${plan.period}` });
  const best = plan.level === "diamond" && plan.period === "yearly";
  const titleId = `plan-${plan.level}-${plan.period}`;
  return (
    <article className={`ks-card ks-plan ks-plan-${plan.level}`} aria-labelledby={titleId} data-plan={`${plan.level}-${plan.period}`}>
      {best && <span className="ks-plan-badge">{intl.formatMessage({ id: "membership.plan.best_value" })}</span>}
      <h2 id={titleId}>
        {levelName} <span className="ks-plan-period">{periodName}</span>
      </h2>
      <p className="ks-plan-price">
        <strong>{money(plan.priceCents)}</strong>
        <span className="ks-muted"> {intl.formatMessage({ id: `membership.plan.per_${plan.period === "yearly" ? "year" : "month"}` })}</span>
      </p>
      {plan.period === "yearly" && <p className="ks-muted ks-plan-monthly">{intl.formatMessage({ id: "membership.plan.per_month_equivalent" }, { price: money(plan.perMonthCents) })}</p>}
      <p className="ks-plan-text">{intl.formatMessage({ id: `membership.plan.${plan.level}.text` })}</p>
      {canBuy ? (
        <form method="post" action="/callback/membership/checkout" className="ks-plan-form">
          <FormSecurityFields />
          <input type="hidden" name="level" value={plan.level} />
          <input type="hidden" name="period" value={plan.period} />
          <input type="hidden" name="c" value={campaign.c} />
          {campaign.b && <input type="hidden" name="b" value={campaign.b} />}
          <button type="submit" className={best ? "ks-button ks-button-primary" : "ks-button"}>
            {intl.formatMessage({ id: "membership.plan.choose" }, { plan: `${levelName} ${periodName}` })}
          </button>
        </form>
      ) : (
        <a className={best ? "ks-button ks-button-primary" : "ks-button"} href={loginLink}>
          {intl.formatMessage({ id: "membership.plan.log_in_to_choose" })}
        </a>
      )}
    </article>
  );
}

/** Staff only (the server checks it again): grant or extend a member's membership through the built-in provider. */
function GrantForm() {
  const intl = useIntl();
  return (
    <section className="ks-card" aria-labelledby="membership-grant">
      <h2 id="membership-grant">{intl.formatMessage({ id: "membership.grant.title" })}</h2>
      <p className="ks-muted">{intl.formatMessage({ id: "membership.grant.text" })}</p>
      <form method="post" action="/callback/membership/grant" className="ks-form ks-grant-form">
        <FormSecurityFields />
        <label className="ks-field">
          <span>{intl.formatMessage({ id: "membership.grant.username" })}</span>
          <input name="username" required maxLength={25} pattern="[A-Za-z0-9_\-]+" autoComplete="off" />
        </label>
        <PlanChoiceFields />
        <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "membership.grant.submit" })}</button>
      </form>
    </section>
  );
}
