import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from "../platform/security/csrf-names.ts";

export interface HttpSessionOptions {
  /** Sent as User-Agent on every request (the sessions list shows the device). */
  readonly userAgent?: string;
  /** Sent on every request, e.g. the X-Forwarded-Proto the proxy before a production server adds. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestOptions {
  readonly json?: unknown;
  readonly form?: Readonly<Record<string, string>>;
  /** A multipart/form-data body (a file upload); fetch sets its content type. */
  readonly multipart?: FormData;
  readonly headers?: Readonly<Record<string, string>>;
  readonly csrf?: boolean;
}

/** Whether a Set-Cookie line's attributes (`Max-Age`, `Expires`) end the cookie now. */
function cookieExpired(attributes: readonly string[]): boolean {
  return attributes.some((attribute) => {
    const [key = "", raw = ""] = attribute.split("=");
    if (key.trim().toLowerCase() === "max-age") return Number(raw) <= 0;
    if (key.trim().toLowerCase() === "expires") return new Date(raw).getTime() <= Date.now();
    return false;
  });
}

/**
 * A minimal browser for integration tests: it keeps cookies between requests,
 * never follows redirects, and echoes the XSRF-TOKEN cookie as the
 * X-XSRF-TOKEN header on every state-changing request, as the real HTTP
 * client does (and as the _token field in form posts, as the site's forms do).
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly options: HttpSessionOptions = {},
  ) {}

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(/;\s*/);
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = decodeURIComponent(pair.slice(separator + 1).trim());
      if (cookieExpired(attributes) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  get csrfToken(): string {
    return this.cookies.get(CSRF_COOKIE) ?? "";
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...(this.options.userAgent ? { "user-agent": this.options.userAgent } : {}), ...this.options.headers, ...options.headers };
    if (method !== "GET" && options.csrf !== false) headers[CSRF_HEADER] = this.csrfToken;
    let body: string | FormData | undefined;
    if (options.multipart) {
      body = options.multipart;
    } else if (options.json !== undefined) {
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

  /** A form post as the site's forms send it: the CSRF token also as the _token field (unless `csrf: false`). */
  postForm(path: string, fields: Readonly<Record<string, string>>, options: { csrf?: boolean } = {}): Promise<Response> {
    const form = options.csrf === false ? fields : { [CSRF_FIELD]: this.csrfToken, ...fields };
    return this.request("POST", path, { form, csrf: options.csrf });
  }

  /**
   * Any method, with a CSRF cookie first for state-changing ones: a form post
   * carries _token like the site's forms; otherwise JSON answers are asked for.
   */
  async fetch(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    if (method !== "GET" && options.csrf !== false) await this.ensureCsrf();
    const form = options.form && options.csrf !== false ? { [CSRF_FIELD]: this.csrfToken, ...options.form } : options.form;
    return this.request(method, path, { ...options, form, headers: form ? {} : { accept: "application/json" } });
  }

  async post(path: string, json?: unknown): Promise<Response> {
    await this.ensureCsrf();
    return this.request("POST", path, { json: json ?? {} });
  }

  delete(path: string): Promise<Response> {
    return this.fetch("DELETE", path);
  }

  /** A page as text. */
  async html(path: string): Promise<string> {
    return (await this.get(path)).text();
  }

  async signIn(username: string, password: string): Promise<Response> {
    await this.ensureCsrf();
    return this.request("POST", "/login", { json: { username, password } });
  }
}
