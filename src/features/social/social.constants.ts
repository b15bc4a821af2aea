/** Social limits the browser needs too (the status editor's counter). Zod-free (decision 0028). */

export const STATUS_MAX_LENGTH = 50;

/** The shortest username prefix the user search call takes (spec 001 §5). */
export const SEARCH_MIN_LENGTH = 3;
