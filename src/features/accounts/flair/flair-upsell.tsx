import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { Modal } from "../../../ui/modal.tsx";

/** "Want Your Own Flair?" (spec 001 §2.5): what a non-premium member sees after clicking someone's flair. */
export function FlairUpsell({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const links = useLinks();
  return (
    <Modal title={intl.formatMessage({ id: "flair.upsell.title" })} onClose={onClose} size="small">
      <p>{intl.formatMessage({ id: "flair.upsell.body" })}</p>
      <p>
        <a className="ks-button ks-button-primary" href={links("web_membership", { c: "flair" })}>
          {intl.formatMessage({ id: "flair.upsell.upgrade" })}
        </a>
      </p>
    </Modal>
  );
}
