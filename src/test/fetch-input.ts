/** The URL a stubbed fetch was called with, whichever form it came in (a Request would stringify as "[object Request]"). */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/** A stubbed fetch's body as text: the HTTP client sends strings; anything else is no JSON we sent. */
export function bodyText(body: BodyInit | null | undefined, fallback = "null"): string {
  return typeof body === "string" ? body : fallback;
}
