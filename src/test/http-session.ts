import { CSRF_COOKIE, CSRF_HEADER } from "../platform/security/csrf-names.ts";

/**
 * A minimal browser for integration tests: it keeps cookies between requests
 * and echoes the XSRF-TOKEN cookie as the X-XSRF-TOKEN header on every
 * state-changing request, as the real HTTP client does.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = decodeURIComponent(pair.slice(separator + 1).trim());
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0\b/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  get csrfToken(): string {
    return this.cookies.get(CSRF_COOKIE) ?? "";
  }

  async request(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (method !== "GET" && options.csrf !== false) headers[CSRF_HEADER] = this.csrfToken;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      headers.accept = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    this.remember(response);
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request("GET", path);
  }

  /** Opens a page first when there is no CSRF cookie yet, as a browser would have. */
  async ensureCsrf(): Promise<void> {
    if (!this.csrfToken) await this.get("/login");
  }

  async post(path: string, json?: unknown): Promise<Response> {
    await this.ensureCsrf();
    return this.request("POST", path, { json: json ?? {} });
  }

  async signIn(username: string, password: string): Promise<Response> {
    await this.ensureCsrf();
    return this.request("POST", "/login", { json: { username, password } });
  }
}
