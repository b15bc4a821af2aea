import { useEffect, useSyncExternalStore } from "react";
import { useIntl } from "../../i18n/intl.tsx";
import { useAlerts } from "../../../ui/alert.tsx";
import { Modal } from "../../../ui/modal.tsx";
import { closedState, type ChallengeHandler } from "./challenge-handler.ts";
import { HumanCheckBox } from "./human-check-box.tsx";

/**
 * The human-check dialog: it exists only while a challenged request waits
 * (created on demand, removed on completion) and asks "Check the box to
 * proceed." Closing it rejects the waiting requests; when the check gives up
 * after too many widget errors, a toast says so.
 */
export function HumanCheckDialog({ handler }: { handler: ChallengeHandler }) {
  const state = useSyncExternalStore(handler.subscribe, handler.getState, () => closedState);
  const intl = useIntl();
  const { showAlert } = useAlerts();
  useEffect(
    () => handler.subscribeGiveUp(() => showAlert({ type: "error", message: intl.formatMessage({ id: "human_check.error.gave_up" }) })),
    [handler, showAlert, intl],
  );
  if (state.phase === "closed") return null;
  const error = state.phase === "waiting" && state.errors > 0 ? intl.formatMessage({ id: "human_check.error.widget" }) : null;
  return (
    <Modal title={intl.formatMessage({ id: "human_check.title" })} onClose={handler.cancel} closeOnBackdropClick={false} size="small" className="ks-human-check-dialog">
      <HumanCheckBox phase={state.phase} progress={state.progress} error={error} onCheck={handler.start} />
    </Modal>
  );
}
