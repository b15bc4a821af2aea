/**
 * Where the accounts feature learns a member's club roles for their role list
 * (ROLE_CLUB_<ROLE>_<clubId>): the clubs feature fills it, so accounts owns no
 * club table.
 */
export interface ClubRoleSource {
  clubRolesOf(memberId: number): Promise<readonly { readonly clubId: number; readonly role: string }[]>;
}
