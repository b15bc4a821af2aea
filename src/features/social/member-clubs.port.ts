/**
 * The clubs a member belongs to, for the user card (issue 11 item 8). The
 * clubs feature knows them; social does not import clubs: the composition
 * root provides the source (src/app/social-clubs.server.ts). Without one, a
 * member has no clubs.
 */
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

export interface MemberClubsPort extends MemberClubsSource {
  /** Called once by the composition root. */
  provide(source: MemberClubsSource): void;
}

export function createMemberClubsPort(): MemberClubsPort {
  let source: MemberClubsSource = { clubsOf: async () => [] };
  return {
    provide(next) {
      source = next;
    },
    clubsOf: (memberId, limit) => source.clubsOf(memberId, limit),
  };
}
