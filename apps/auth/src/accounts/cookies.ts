/**
 * The dashboard's cookies. Over HTTPS a cookie is Secure and takes the `__Host-` prefix, which
 * browsers accept only from a secure origin, with Path=/ and no Domain: no sibling subdomain and
 * no plain-HTTP page can set or shadow it. Over plain HTTP on loopback (the one-machine suite)
 * browsers refuse the prefix, so the plain name serves there.
 */

/** The session cookie's plain name. */
export const SESSION_COOKIE = 'platform_session';
/** The device cookie's plain name (see DeviceCookies). */
export const DEVICE_COOKIE = 'platform_device';
const SECURE_PREFIX = '__Host-';

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * A dashboard cookie of the request: its `__Host-` name first, else its plain one. The plain name
 * is also what HTTPS deployments set before the prefix: their sessions go on after an upgrade
 * (until they end, at most SESSION_LIFETIME_SECONDS later) rather than everybody being signed out.
 */
export function requestCookie(header: string | undefined, name: string): string | undefined {
  return cookieValue(header, `${SECURE_PREFIX}${name}`) || cookieValue(header, name);
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  sameSite: 'Lax' | 'Strict';
}

/** A Set-Cookie value for a dashboard cookie: HttpOnly, Path=/, no Domain, over HTTPS under its `__Host-` name. An empty value with `maxAgeSeconds` 0 clears it. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return `${options.secure ? SECURE_PREFIX : ''}${name}=${value}; Path=/; Max-Age=${options.maxAgeSeconds}; HttpOnly; SameSite=${options.sameSite}${options.secure ? '; Secure' : ''}`;
}

/** Over HTTPS, a Set-Cookie value clearing the cookie an earlier release set under its plain name. */
export function clearPlainCookie(name: string, options: Pick<CookieOptions, 'sameSite'>): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=${options.sameSite}; Secure`;
}
