import { useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useRevalidator } from "react-router";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useAlerts } from "../../../ui/alert.tsx";
import { ConfirmPopover } from "../../../ui/confirm-popover.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { FormSecurityFields } from "../components/csrf-field.tsx";
import { PlanChoiceFields } from "../membership/components/plan-choice-fields.tsx";
import type { StaffAccountResponse } from "./staff.schema.ts";

export interface PanelNotice {
  readonly kind: "success" | "error";
  readonly messageKey: string;
}

export interface MemberAccountPanelsData {
  /** The account is disabled by staff: everyone sees a notice. */
  readonly disabled: boolean;
  readonly notice: PanelNotice | null;
  /** When the viewer may gift this member a membership. */
  readonly gift: { readonly username: string } | null;
  /** Staff tools, for staff looking at someone else. */
  readonly staff: { readonly memberId: number; readonly username: string; readonly isEnabled: boolean; readonly canDisable: boolean; readonly profileEditingAllowed: boolean } | null;
}

/** The account parts of a member's page for signed-in viewers: a form's notice, the gift form, staff tools (the member page itself says when an account is disabled). */
export function MemberAccountPanels({ panels }: { panels: MemberAccountPanelsData }) {
  const intl = useIntl();
  return (
    <>
      {panels.notice && (
        <p className={panels.notice.kind === "error" ? "ks-form-error" : "ks-form-success"} role={panels.notice.kind === "error" ? "alert" : "status"}>
          {intl.formatMessage({ id: panels.notice.messageKey })}
        </p>
      )}
      {panels.gift && <GiftMembershipForm username={panels.gift.username} />}
      {panels.staff && <StaffAccountPanel {...panels.staff} />}
    </>
  );
}

function GiftMembershipForm({ username }: { username: string }) {
  const intl = useIntl();
  return (
    <section className="ks-card" aria-labelledby="gift-membership">
      <h2 id="gift-membership">{intl.formatMessage({ id: "membership.gift.title" }, { username })}</h2>
      <p className="ks-muted">{intl.formatMessage({ id: "membership.gift.text" })}</p>
      <form method="post" action={`/callback/membership/gift/${encodeURIComponent(username)}`} className="ks-inline-form">
        <FormSecurityFields />
        <PlanChoiceFields />
        <button type="submit" className="ks-button ks-button-primary">{intl.formatMessage({ id: "membership.gift.submit" })}</button>
      </form>
    </section>
  );
}

function StaffAccountPanel({ memberId, username, isEnabled, canDisable, profileEditingAllowed }: NonNullable<MemberAccountPanelsData["staff"]>) {
  const intl = useIntl();
  const link = useLinks();
  const client = useHttpClient();
  const { showAlert } = useAlerts();
  const revalidator = useRevalidator();
  const hydrated = useIsClient();
  const [busy, setBusy] = useState(false);

  async function handleDisable() {
    setBusy(true);
    try {
      await client.delete<StaffAccountResponse>(`/callback/members/disable/${memberId}`);
      showAlert({ type: "success", message: intl.formatMessage({ id: "staff.done.disabled" }) });
      await revalidator.revalidate();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ks-card ks-staff-panel" aria-labelledby="staff-tools">
      <h2 id="staff-tools">{intl.formatMessage({ id: "staff.panel.title" })}</h2>
      <div className="ks-actions">
        {isEnabled && canDisable && (
          <ConfirmPopover
            trigger={intl.formatMessage({ id: "staff.disable.button" })}
            triggerClassName="ks-button ks-button-danger"
            message={intl.formatMessage({ id: "staff.disable.confirm" }, { username })}
            confirmLabel={intl.formatMessage({ id: "staff.disable.submit" })}
            danger
            disabled={!hydrated || busy}
            onConfirm={() => void handleDisable()}
          />
        )}
        {!isEnabled && (
          <a className="ks-button" href={link("web_members_enable", { id: memberId })}>
            {intl.formatMessage({ id: "staff.enable.button" })}
          </a>
        )}
        {isEnabled && !canDisable && <p className="ks-muted">{intl.formatMessage({ id: "staff.error.account_protected" })}</p>}
        <ProfileEditingSwitch username={username} allowed={profileEditingAllowed} />
      </div>
    </section>
  );
}

/** Staff's profile-editing switch (spec 000 §4): a plain form post to /callback/{allow|disallow}-profile-editing/{user}. */
function ProfileEditingSwitch({ username, allowed }: { username: string; allowed: boolean }) {
  const intl = useIntl();
  const action = `/callback/${allowed ? "disallow" : "allow"}-profile-editing/${encodeURIComponent(username)}`;
  return (
    <form method="post" action={action} className="ks-inline-form">
      <FormSecurityFields />
      {!allowed && <p className="ks-muted">{intl.formatMessage({ id: "staff.profile_editing.disallowed_note" })}</p>}
      <button type="submit" className="ks-button">{intl.formatMessage({ id: allowed ? "staff.profile_editing.disallow" : "staff.profile_editing.allow" })}</button>
    </form>
  );
}
