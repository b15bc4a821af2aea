import { useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { useAlerts } from "../../../ui/alert.tsx";
import { ConfirmPopover } from "../../../ui/confirm-popover.tsx";
import { useIsClient } from "../../../ui/use-is-client.ts";
import { cardActionTarget, type CardActionTarget, type CardOptimisticPatch } from "./card-action-targets.ts";
import { cardAccountActions, cardActions, type CardActionId, type CardViewer } from "./card-actions.ts";
import { ReportForm } from "./report-form.tsx";
import { AccountActionLink } from "./account-actions.tsx";
import type { CardUser, RelationshipResponse } from "./user-card.schema.ts";

/** The friendship, follow and challenge actions lead; the rest follow in a quieter row. */
const primaryActions: ReadonlySet<CardActionId> = new Set(["addFriend", "acceptRequest", "declineRequest", "cancelRequest", "removeFriend", "follow", "unfollow", "challenge"]);
/** Actions drawn as the main call to action. */
const emphasizedActions: ReadonlySet<CardActionId> = new Set(["addFriend", "acceptRequest"]);
const dangerActions: ReadonlySet<CardActionId> = new Set(["block", "removeFriend", "report"]);

/** A change shown before the server answers, for the card it was made on (a reloaded card replaces it). */
interface PendingPatch {
  readonly base: CardUser;
  readonly patch: CardOptimisticPatch;
}

export interface CardActionBarProps {
  readonly viewer: CardViewer;
  readonly card: CardUser;
  /** The game the member is playing (presence), for Observe. */
  readonly gameLink: string | null;
  /** Told of every click on an action (the card's analytics). */
  readonly onActionClick?: (action: CardActionId) => void;
  /** Reloads the member's data after an action's outcome. */
  readonly onDone: () => void;
  /** Actions shown elsewhere already (the presence button's Challenge or Watch). */
  readonly omit?: readonly CardActionId[];
  readonly className?: string;
}

interface ShownAction {
  readonly id: CardActionId;
  readonly target: Exclude<CardActionTarget, { kind: "unavailable" }>;
}

/**
 * The social actions on a member (spec 001 §2.4, conditions §6.2), for the
 * user card and the profile page. Calls go through the HTTP client; the
 * server's success message shows as a success alert (failures as the client's
 * error toast), then the member's data reloads.
 */
export function CardActionBar({ viewer, card, gameLink, onActionClick, onDone, omit = [], className }: CardActionBarProps) {
  const intl = useIntl();
  const link = useLinks();
  const client = useHttpClient();
  const { showAlert } = useAlerts();
  const hydrated = useIsClient();
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [pending, setPending] = useState<PendingPatch | null>(null);
  // What the viewer sees: the card, with an optimistic change until the reloaded card arrives.
  const current: CardUser = pending && pending.base === card ? { ...card, ...pending.patch } : card;

  const shown: ShownAction[] = cardActions(viewer, current).flatMap((id) => {
    if (omit.includes(id)) return [];
    const target = cardActionTarget(id, { username: card.username, viewerUsername: viewer.username, gameLink, link });
    return target.kind === "unavailable" ? [] : [{ id, target }];
  });
  // A visitor without a member account gets the actions that need one as the way into the login/register modal (AccountActionLink).
  const needingAccount = cardAccountActions(viewer, card).filter((id) => !omit.includes(id));
  if (shown.length === 0 && needingAccount.length === 0) return null;

  async function handleCall(target: Extract<CardActionTarget, { kind: "call" }>) {
    setBusy(true);
    if (target.optimistic) setPending({ base: card, patch: target.optimistic });
    try {
      const answer = await client.request<RelationshipResponse>(target.method, target.path);
      showAlert({ type: "success", message: answer.message ?? intl.formatMessage({ id: "error.bad_request" }) });
    } catch {
      // The HTTP client has shown the server's message; the card goes back to what it was.
      setPending(null);
    } finally {
      setBusy(false);
      onDone();
    }
  }

  function handleClick(action: ShownAction) {
    onActionClick?.(action.id);
    if (action.target.kind === "call") void handleCall(action.target);
    if (action.target.kind === "report") setReporting((open) => !open);
  }

  function renderAction(action: ShownAction) {
    const label = intl.formatMessage({ id: `user_card.action.${action.id}` });
    const tone = emphasizedActions.has(action.id) ? " ks-button-primary" : dangerActions.has(action.id) ? " ks-button-danger" : "";
    const className = `ks-button ks-button-small${tone}`;
    const { target } = action;
    if (target.kind === "link") {
      return (
        <a key={action.id} className={className} href={target.href} data-action={action.id} onClick={() => onActionClick?.(action.id)}>
          {label}
        </a>
      );
    }
    if (target.kind === "call" && target.confirm) {
      return (
        <ConfirmPopover
          key={action.id}
          trigger={label}
          triggerClassName={className}
          kind={target.confirm}
          confirmLabel={label}
          danger={dangerActions.has(action.id)}
          disabled={!hydrated || busy}
          onConfirm={() => handleClick(action)}
        />
      );
    }
    return (
      <button
        key={action.id}
        type="button"
        className={className}
        data-action={action.id}
        disabled={!hydrated || busy}
        aria-expanded={target.kind === "report" ? reporting : undefined}
        onClick={() => handleClick(action)}
      >
        {label}
      </button>
    );
  }

  const primary = shown.filter((action) => primaryActions.has(action.id));
  const secondary = shown.filter((action) => !primaryActions.has(action.id));
  return (
    <div className={className ? `ks-card-actions ${className}` : "ks-card-actions"} aria-busy={busy}>
      {current.isMuted && (
        <p className="ks-card-muted" data-state="muted">
          {intl.formatMessage({ id: "user_card.muted" }, { username: card.username })}
        </p>
      )}
      {(primary.length > 0 || needingAccount.length > 0) && (
        <div className="ks-card-actions-row" role="group" aria-label={intl.formatMessage({ id: "user_card.actions.primary" })}>
          {primary.map(renderAction)}
          {needingAccount.map((id) => (
            <AccountActionLink key={id} id={id} username={card.username} viewerIsLoggedIn={viewer.isLoggedIn} />
          ))}
        </div>
      )}
      {secondary.length > 0 && (
        <div className="ks-card-actions-row ks-card-actions-secondary" role="group" aria-label={intl.formatMessage({ id: "user_card.actions.more" })}>
          {secondary.map(renderAction)}
        </div>
      )}
      {reporting && (
        <ReportForm
          username={card.username}
          onCancel={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            onDone();
          }}
        />
      )}
    </div>
  );
}
