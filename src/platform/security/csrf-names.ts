/** The names of the CSRF contract (spec 001 §7.7), shared by the server and the browser client. */
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";
export const CSRF_FIELD = "_token";
/** A refused request gets a fresh token in this response header, so the client can retry once. */
export const FRESH_CSRF_HEADER = "x-csrf-token";
