import { call, HttpResult, RequestOptions, sleep } from './http';

/**
 * A browser's view of the dashboard's API through the gateway: its cookie jar (the session
 * cookie, whatever its name, and the device cookie), its origin, the CSRF token it read from the
 * last answer that gave one. As the dashboard does, a request refused for its organization's burst
 * goes once more after its Retry-After.
 */
export class DashboardSession {
  readonly cookies = new Map<string, string>();
  csrfToken?: string;

  constructor(private readonly base: string) {}

  /** The session cookie's value, under whichever name it was set. */
  get session(): string | undefined {
    return this.cookies.get('__Host-platform_session') ?? this.cookies.get('platform_session');
  }

  async call<T = any>(method: string, path: string, options: RequestOptions & { csrf?: boolean } = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie ??= [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.csrf !== false && method !== 'GET') {
      headers.origin ??= this.base;
      if (this.csrfToken) headers['x-csrf-token'] ??= this.csrfToken;
    }
    let result = await call<T>(this.base, method, path, { ...options, headers });
    const wait = result.status === 429 ? Number(result.headers.get('retry-after')) : 0;
    if (wait > 0 && wait <= 5) {
      await sleep(wait * 1000);
      result = await call<T>(this.base, method, path, { ...options, headers });
    }
    for (const set of result.headers.getSetCookie()) {
      const [, name, value] = /^([^=]+)=([^;]*)/.exec(set)!;
      if (value && !/Max-Age=0/.test(set)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const csrfToken = (result.body as { data?: { csrfToken?: string } } | undefined)?.data?.csrfToken;
    if (csrfToken) this.csrfToken = csrfToken;
    return result;
  }
}
