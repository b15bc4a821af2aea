import { useId } from "react";
import { useIntl } from "../platform/i18n/intl.tsx";
import { uiMessageId } from "./messages.ts";
import { Tooltip } from "./tooltip.tsx";

export interface SanctionedFlagProps {
  readonly className: string;
  readonly width: number;
  readonly height: number;
  readonly stanceHref: string;
}

/**
 * The flag of Russia or Belarus while its sanction feature flag is on: a blank
 * flag that links to the stance page and explains why in a tooltip (and to
 * screen readers in its description). CountryFlag decides when; this module is
 * its own chunk.
 */
export function SanctionedFlag({ className, width, height, stanceHref }: SanctionedFlagProps) {
  const intl = useIntl();
  const noticeId = `ks-flag-notice-${useId()}`;
  const notice = intl.formatMessage({ id: uiMessageId("ui.countryFlag.sanctionsNotice") });
  const stance = intl.formatMessage({ id: uiMessageId("ui.countryFlag.stanceLink") });
  return (
    <Tooltip
      describeAnchor={false}
      className="ks-flag-notice"
      content={
        <>
          <span className="ks-flag-notice__text">{notice}</span>
          <span className="ks-flag-notice__link" aria-hidden="true">
            {stance}
          </span>
        </>
      }
    >
      <a className="ks-flag-link" href={stanceHref} aria-label={stance} aria-describedby={noticeId} data-sanctioned="true">
        <span className={`${className} ks-flag--blank`} style={{ width, height }} aria-hidden="true" />
        <span id={noticeId} className="ks-visually-hidden">
          {notice}
        </span>
      </a>
    </Tooltip>
  );
}
