/** Clubs themselves: a club's details and the viewer's standing in it, founding and editing one, and the lists that find clubs (the directory, suggestions, recent activity, a member's clubs). */
import { publishDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { memberJoinedClubDomainEvent } from "./clubs.domain-events.server.ts";
import { asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { toClubRef, type ClubRef } from "./club-access.service.server.ts";
import { deleteStoredImages, storeClubImages, type ClubUploads } from "./club-images.server.ts";
import { clubActionRefusal, clubCreationRefusal, clubJoinState, type ClubJoinState, type ClubStanding, type ClubViewer } from "./club-role.policy.ts";
import { CLUBS_PAGE_SIZE } from "./clubs.constants.ts";
import { clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";
import { detailColumns, toDetails, newSecret, type ClubFailure, type ClubActor, type ClubFounder, type NewClub, type ClubEdit, type ClubDetails, type ClubListFilter, type ClubCore } from "./club-core.server.ts";

export type { ClubActor, ClubDetails, ClubEdit, ClubFailure, ClubFounder, ClubListFilter, ClubMemberEntry, ClubProfile, NewClub } from "./club-core.server.ts";

export function createClubsService(core: ClubCore) {
  const { db, deps: { access, storage }, transaction, imagePrefix, discard, guarded, pendingOf, listWhere, clubsOfMember } = core;
  return {
    async details(urlOrId: string): Promise<ClubDetails | null> {
      const ref = await access.findClub(urlOrId);
      if (!ref) return null;
      const [row] = await db.select(detailColumns).from(clubs).where(eq(clubs.id, ref.id)).limit(1);
      return row ? toDetails(row) : null;
    },

    /** What the club page shows the viewer: their standing and the state of the join button. */
    async viewerState(club: ClubRef, viewer: ClubViewer): Promise<{ standing: ClubStanding; joinState: ClubJoinState }> {
      const standing = await access.standingOf(club.id, viewer?.id ?? null);
      const pending = viewer ? await pendingOf(club.id, viewer.id) : { requestSent: false, invited: false };
      return { standing, joinState: clubJoinState(viewer, standing, club, pending) };
    },

    /** A new club owned by `actor`; its uploaded images are checked, resized and stored before anything is written. */
    async create(actor: ClubFounder, input: NewClub, uploads: ClubUploads = {}): Promise<Result<ClubRef, ClubFailure>> {
      const refusal = clubCreationRefusal(actor.level);
      if (refusal) return fail(refusal);
      const images = await storeClubImages(storage, imagePrefix(input.url), uploads);
      if (!images.ok) return images;
      const result = await transaction(async (tx): Promise<Result<ClubRef, ClubFailure>> => {
        const [taken] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.url, input.url)).limit(1);
        if (taken) return fail("url_taken");
        const [row] = await tx
          .insert(clubs)
          .values({ ...input, avatarUrl: images.value.avatar ?? null, backgroundUrl: images.value.background ?? null, memberCount: 1, invitationSecret: input.joinPolicy === "invite" ? newSecret() : null })
          .onConflictDoNothing()
          .returning(detailColumns);
        if (!row) return fail("url_taken");
        await tx.insert(clubMembers).values({ clubId: row.id, userId: actor.id });
        await publishDomainEvent(tx, memberJoinedClubDomainEvent, { clubId: row.id, memberId: actor.id });
        await tx.insert(clubRoles).values({ clubId: row.id, userId: actor.id, role: "owner" });
        return ok(toClubRef(row));
      });
      if (!result.ok) await discard(images.value);
      return result;
    },

    /**
     * The edit form: name, description, country, how members join, and new
     * images. Refused before any image is decoded when the policy says no; a
     * replaced or removed image's file is deleted once the change is committed.
     */
    async edit(actor: ClubActor, clubId: number, input: ClubEdit, uploads: ClubUploads = {}): Promise<Result<ClubRef, ClubFailure>> {
      const club = await access.findClub(String(clubId));
      if (!club) return fail("not_found");
      const refusal = clubActionRefusal(actor, "edit", await access.standingOf(clubId, actor.id), club);
      if (refusal) return fail(refusal);
      const images = await storeClubImages(storage, imagePrefix(club.url), uploads);
      if (!images.ok) return images;
      const result = await guarded(actor, clubId, "edit", async (tx, before) => {
        const backgroundUrl = images.value.background ?? (input.removeBackground ? null : before.backgroundUrl);
        const avatarUrl = images.value.avatar ?? before.avatarUrl;
        const [row] = await tx
          .update(clubs)
          .set({
            name: input.name,
            description: input.description,
            countryCode: input.countryCode,
            joinPolicy: input.joinPolicy,
            avatarUrl,
            backgroundUrl,
            // An invitation-only club needs a link to be joined at all, as a new one gets at creation.
            ...(input.joinPolicy === "invite" ? { invitationSecret: sql`coalesce(${clubs.invitationSecret}, ${newSecret()})` } : {}),
          })
          .where(eq(clubs.id, clubId))
          .returning(detailColumns);
        if (!row) return fail("not_found");
        const replaced = [before.avatarUrl !== avatarUrl ? before.avatarUrl : null, before.backgroundUrl !== backgroundUrl ? before.backgroundUrl : null];
        return ok({ club: toClubRef(row), replaced });
      });
      if (!result.ok) {
        await discard(images.value);
        return result;
      }
      await deleteStoredImages(storage, result.value.replaced);
      return ok(result.value.club);
    },

    /** POST /callback/club/remove/custom_background/{club}: the club page loses its background and the storage its file. */
    async removeBackground(actor: ClubActor, clubId: number): Promise<Result<null, ClubFailure>> {
      const result = await guarded(actor, clubId, "remove_background", async (tx, club) => {
        await tx.update(clubs).set({ backgroundUrl: null }).where(eq(clubs.id, clubId));
        return ok(club.backgroundUrl);
      });
      if (!result.ok) return result;
      await deleteStoredImages(storage, [result.value]);
      return ok(null);
    },

    /** A member's clubs, largest first, with when they joined. */
    async clubsOf(memberId: number, limit = 100): Promise<(ClubDetails & { joinedAt: Date })[]> {
      const rows = await clubsOfMember.execute({ memberId, limit });
      return rows.map((row) => ({ ...toDetails(row), joinedAt: row.joinedAt }));
    },

    /** Clubs by name, country, size and join policy, largest first, a page at a time. */
    async list(filter: ClubListFilter): Promise<{ clubs: ClubDetails[]; total: number; page: number; pageSize: number }> {
      const where = listWhere(filter);
      const [totalRow] = await db.select({ total: count() }).from(clubs).where(where);
      const rows = await db
        .select(detailColumns)
        .from(clubs)
        .where(where)
        .orderBy(desc(clubs.memberCount), asc(clubs.id))
        .limit(CLUBS_PAGE_SIZE)
        .offset((filter.page - 1) * CLUBS_PAGE_SIZE);
      return { clubs: rows.map(toDetails), total: totalRow?.total ?? 0, page: filter.page, pageSize: CLUBS_PAGE_SIZE };
    },

    /** Clubs the member is not in, largest first (the /clubs page's suggestions). */
    async suggestedFor(memberId: number | null, limit: number): Promise<ClubDetails[]> {
      const mine = memberId === null ? [] : (await db.select({ clubId: clubMembers.clubId }).from(clubMembers).where(eq(clubMembers.userId, memberId)).limit(500)).map((row) => row.clubId);
      const rows = await db
        .select(detailColumns)
        .from(clubs)
        .where(mine.length > 0 ? notInArray(clubs.id, mine) : undefined)
        .orderBy(desc(clubs.memberCount), asc(clubs.id))
        .limit(limit);
      return rows.map(toDetails);
    },

    /** Clubs with the latest activity (joins, new clubs). */
    async recentlyActive(limit: number): Promise<ClubDetails[]> {
      const rows = await db.select(detailColumns).from(clubs).orderBy(desc(clubs.lastActivityAt), desc(clubs.id)).limit(limit);
      return rows.map(toDetails);
    },
  };
}

export type ClubsService = ReturnType<typeof createClubsService>;
