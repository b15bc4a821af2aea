/** Social limits the browser needs too (the status editor's counter). Zod-free (decision 0028). */

export const STATUS_MAX_LENGTH = 50;
