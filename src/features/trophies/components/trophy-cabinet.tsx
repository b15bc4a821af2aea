import type { ReactNode } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { RelativeTime } from "../../../ui/relative-time.tsx";
import { decodeAngleBrackets } from "../trophy-message.ts";
import { TrophyImage } from "./trophy-image.tsx";
import "./trophies.css";

export interface CabinetTrophy {
  readonly id: number;
  readonly code: string;
  readonly image: string;
  readonly awardedBy: string | null;
  readonly message: string | null;
  readonly featured: boolean;
  readonly awardedAt: string;
}

export interface TrophyCabinetProps {
  /** Featured first, then newest (the trophies service's showcase). */
  readonly showcase: readonly CabinetTrophy[];
  readonly count: number;
  /** Beside the title: the award button, for a viewer who may try to award. */
  readonly award?: ReactNode;
}

/**
 * The trophy cabinet on a member's profile (issue 22 item 6): the showcase
 * and the count, drawn by the server. No state and no catalogue: a trophy's
 * name and description are messages by its code (the `trophies.name.` and
 * `trophies.description.` prefixes send them all to the page, decision 0029),
 * so the profile's JavaScript grows by this list alone.
 */
export function TrophyCabinet({ showcase, count, award }: TrophyCabinetProps) {
  const intl = useIntl();
  return (
    <section className="ks-card ks-profile-section ks-trophy-cabinet" id="trophies" aria-labelledby="trophies-title">
      <header className="ks-trophy-cabinet-header">
        <h2 id="trophies-title">
          {intl.formatMessage({ id: "trophies.cabinet.title" })} <span className="ks-trophy-count">{intl.formatMessage({ id: "trophies.cabinet.count" }, { count })}</span>
        </h2>
        {award}
      </header>
      {showcase.length === 0 ? (
        <p className="ks-empty">{intl.formatMessage({ id: "trophies.cabinet.empty" })}</p>
      ) : (
        <ul className="ks-trophy-list" role="list">
          {showcase.map((trophy) => (
            <li key={trophy.id} className={trophy.featured ? "ks-trophy ks-trophy-featured" : "ks-trophy"} data-trophy={trophy.code}>
              <TrophyImage image={trophy.image} />
              <div className="ks-trophy-text">
                <strong>{intl.formatMessage({ id: `trophies.name.${trophy.code}` })}</strong>
                {trophy.featured && <span className="ks-trophy-badge">{intl.formatMessage({ id: "trophies.cabinet.featured" })}</span>}
                <span className="ks-trophy-meta">
                  {trophy.awardedBy ? intl.formatMessage({ id: "trophies.cabinet.from" }, { username: trophy.awardedBy }) : intl.formatMessage({ id: "trophies.cabinet.by_site" })}
                  {" · "}
                  <RelativeTime date={trophy.awardedAt} />
                </span>
                <span className="ks-trophy-message">{trophy.message ? decodeAngleBrackets(trophy.message) : intl.formatMessage({ id: `trophies.description.${trophy.code}` })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
