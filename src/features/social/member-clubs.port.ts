/**
 * The clubs a member belongs to, for the user card (issue 11 item 8). The
 * clubs feature knows them; social does not import clubs: a declared port
 * (decision 0045), provided in the composition root
 * (src/app/social-clubs.server.ts).
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export interface CardClub {
  readonly url: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly memberCount: number;
}

export interface MemberClubsSource {
  /** The member's clubs, largest first, at most `limit`. */
  clubsOf(memberId: number, limit: number): Promise<readonly CardClub[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    memberClubs: MemberClubsSource;
  }
}

export function memberClubsThrough(ports: PortAccess): MemberClubsSource {
  return { clubsOf: (memberId, limit) => ports.get("memberClubs").clubsOf(memberId, limit) };
}
