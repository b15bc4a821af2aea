import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The registration invite link (GET /callback/friend/registration-invite-link):
 * a token naming the inviter, signed so it cannot be forged. Whoever registers
 * through it becomes the inviter's friend.
 */
function sign(secret: Buffer, inviterId: number): string {
  return createHmac("sha256", secret).update(`invite|${inviterId}`).digest("base64url").slice(0, 22);
}

export function inviteToken(secret: Buffer, inviterId: number): string {
  return `${inviterId.toString(36)}.${sign(secret, inviterId)}`;
}

/** The inviter's id, or null when the token is not one of ours. */
export function inviterFromToken(secret: Buffer, token: unknown): number | null {
  if (typeof token !== "string" || token.length > 64) return null;
  const [idPart, signature] = token.split(".");
  if (!idPart || !signature || !/^[0-9a-z]+$/.test(idPart)) return null;
  const inviterId = parseInt(idPart, 36);
  if (!Number.isSafeInteger(inviterId) || inviterId <= 0) return null;
  const expected = Buffer.from(sign(secret, inviterId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? inviterId : null;
}

/** Invite links under one secret: the token for an inviter, and what registering through one does. */
export function createInviteLinks(secret: Buffer, befriend: (inviterId: number, newMemberId: number) => Promise<unknown>) {
  return {
    tokenFor: (inviterId: number): string => inviteToken(secret, inviterId),
    /** Befriends the inviter when the token is one of ours; anything else does nothing. */
    async accept(newMemberId: number, token: string): Promise<void> {
      const inviterId = inviterFromToken(secret, token);
      if (inviterId !== null) await befriend(inviterId, newMemberId);
    },
  };
}

export type InviteLinks = ReturnType<typeof createInviteLinks>;
