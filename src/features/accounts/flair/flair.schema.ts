import { z } from "zod";
import { flairStatuses } from "./flair-catalogue.ts";

/** Requests of the flair calls (spec 001 §7.6). A username in a path: letters, digits, _ and -, at most 25. */
export const flairUsernameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,25}$/);
export const setFlairBodySchema = z.object({ flairCode: z.string().min(1).max(40) });
export const setFlairStatusBodySchema = z.object({ status: z.enum(flairStatuses) });
