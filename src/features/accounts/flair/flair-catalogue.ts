/**
 * Flair (spec 001 §3.7): the small picture beside a member's name. Isomorphic
 * and zod-free: the card, the profile, chat, the player bars and the
 * leaderboards read it on the server. Each flair is one small SVG,
 * public/flair/<code>.svg (drawn for Kingside), never inlined into JS; the
 * browser gets only the code to draw (flair-image.tsx), never this catalogue.
 * Premium members choose from all; basic members from the free set
 * (decision 0058).
 */
import { isPremiumLevel } from "../levels.ts";
import { flairName } from "./flair-image.tsx";

export { flairName };

export const flairCategories = ["membership_icons", "emoji", "chess", "holiday", "hosts", "computer_chess", "pro_chess_league"] as const;
export type FlairCategory = (typeof flairCategories)[number];

export interface FlairDefinition {
  readonly id: number;
  readonly code: string;
  readonly category: FlairCategory;
  /** Basic members may choose it too. */
  readonly free: boolean;
}

/** The placeholder every member starts with: no flair (id 206, code "nothing"). */
export const placeholderFlair = { id: 206, code: "nothing" } as const;

/** Codes that are not flair to choose: staff's "blocked" (the member may not choose), and the layout's transparent placeholders. */
export const specialFlairCodes = ["blocked", "clear", "clear_light"] as const;

export const flairCatalogue = [
  { id: 201, code: "star", category: "membership_icons", free: false },
  { id: 202, code: "crown", category: "membership_icons", free: false },
  { id: 203, code: "diamond_traditional", category: "membership_icons", free: false },
  { id: 204, code: "pawn_traditional", category: "membership_icons", free: true },
  { id: 210, code: "heart", category: "emoji", free: true },
  { id: 211, code: "fire", category: "emoji", free: false },
  { id: 212, code: "lightning", category: "emoji", free: false },
  { id: 213, code: "rocket", category: "emoji", free: false },
  { id: 220, code: "knight", category: "chess", free: true },
  { id: 221, code: "rook", category: "chess", free: false },
  { id: 222, code: "queen", category: "chess", free: false },
  { id: 230, code: "pumpkin", category: "holiday", free: false },
  { id: 231, code: "snowflake", category: "holiday", free: true },
  { id: 232, code: "tree", category: "holiday", free: false },
  { id: 240, code: "microphone", category: "hosts", free: false },
  { id: 250, code: "robot", category: "computer_chess", free: false },
  { id: 260, code: "shield", category: "pro_chess_league", free: false },
] as const satisfies readonly FlairDefinition[];

export type FlairCode = (typeof flairCatalogue)[number]["code"];

export const flairStatuses = ["active", "hidden"] as const;
export type FlairStatus = (typeof flairStatuses)[number];

const byCode: ReadonlyMap<string, FlairDefinition> = new Map(flairCatalogue.map((flair) => [flair.code, flair]));
const byId: ReadonlyMap<number, FlairDefinition> = new Map(flairCatalogue.map((flair) => [flair.id, flair]));

export function flairByCode(code: string): FlairDefinition | undefined {
  return byCode.get(code);
}

export function flairById(id: number): FlairDefinition | undefined {
  return byId.get(id);
}

/** The flair a member of this level may choose: all for premium members, the free set for the rest. */
export function flairAvailableTo(level: number): readonly FlairDefinition[] {
  return isPremiumLevel(level) ? flairCatalogue : flairCatalogue.filter((flair) => flair.free);
}

/**
 * The flair to draw beside a member's name, or null: a hidden flair, the
 * placeholder, a special code, an unknown code, and a premium flair of a
 * member whose membership lapsed all draw nothing.
 */
export function shownFlairCode(member: { readonly flairCode: string; readonly flairStatus?: string; readonly membershipLevel: number }): FlairCode | null {
  if (member.flairStatus === "hidden") return null;
  const flair = byCode.get(member.flairCode);
  if (!flair) return null;
  if (!flair.free && !isPremiumLevel(member.membershipLevel)) return null;
  return isFlairCode(flair.code) ? flair.code : null;
}

function isFlairCode(code: string): code is FlairCode {
  return byCode.has(code);
}

