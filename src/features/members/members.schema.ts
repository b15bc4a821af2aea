export type { MemberSummary } from "../accounts/member-summary.schema.ts";

export interface SiteCounts {
  readonly members: number;
  readonly countries: number;
  readonly titledPlayers: number;
}

export const chessTitles = ["GM", "WGM", "IM", "WIM", "FM", "WFM", "NM", "CM", "WCM", "WNM", "M"] as const;
export type ChessTitle = (typeof chessTitles)[number];
