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
