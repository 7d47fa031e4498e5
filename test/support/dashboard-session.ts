import { call, HttpResult, RequestOptions } from './http';

/**
 * A browser's view of the dashboard's API through the gateway: its cookie jar (the session
 * cookie, whatever its name), its origin, the CSRF token it read from the last answer that gave one.
 */
export class DashboardSession {
  cookie?: string;
  csrfToken?: string;

  constructor(private readonly base: string) {}

  async call<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') {
      headers.origin ??= this.base;
      if (this.csrfToken) headers['x-csrf-token'] ??= this.csrfToken;
    }
    const result = await call<T>(this.base, method, path, { ...options, headers });
    const set = result.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0];
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const csrfToken = (result.body as { data?: { csrfToken?: string } } | undefined)?.data?.csrfToken;
    if (csrfToken) this.csrfToken = csrfToken;
    return result;
  }
}
