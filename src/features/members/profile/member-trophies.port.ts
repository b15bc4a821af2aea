/**
 * The trophy cabinet on a member's profile (issue 22 item 6): the trophies
 * feature knows a member's trophies; members does not read its tables. A
 * declared port (decision 0045), provided by the trophies feature.
 */
import type { PortAccess } from "../../../platform/composition/ports.ts";

export interface ProfileTrophy {
  readonly id: number;
  readonly code: string;
  readonly image: string;
  readonly type: string;
  readonly awardedBy: string | null;
  readonly message: string | null;
  readonly featured: boolean;
  readonly awardedAt: string;
}

export interface ProfileTrophyCabinet {
  readonly showcase: readonly ProfileTrophy[];
  readonly count: number;
}

export interface MemberTrophiesSource {
  /** The member's showcase (featured first, then newest) and how many trophies they hold. */
  cabinetOf(memberId: number): Promise<ProfileTrophyCabinet>;
}

declare module "../../../platform/composition/ports.ts" {
  interface Ports {
    memberTrophies: MemberTrophiesSource;
  }
}

export function memberTrophiesThrough(ports: PortAccess): MemberTrophiesSource {
  return { cabinetOf: (memberId) => ports.get("memberTrophies").cabinetOf(memberId) };
}
