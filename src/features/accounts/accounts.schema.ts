import { z } from "zod";

/** Form and JSON bodies of the account endpoints (shared by server and client). */
const checkbox = z.union([z.literal("on"), z.literal("1"), z.literal(1), z.literal(true), z.literal("0"), z.literal(0), z.literal(false)]).optional();

export const signInBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  remember: checkbox,
  redirectUrl: z.string().max(2048).optional(),
  locale: z.string().max(8).optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export function isChecked(value: SignInBody["remember"]): boolean {
  return value === "on" || value === "1" || value === 1 || value === true;
}
