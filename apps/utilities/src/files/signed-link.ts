import { createHmac } from 'node:crypto';
import { ConfigurationError, constantTimeEquals, Environment } from '@platform/common';

/** HMAC-SHA256 of `<file id>.<expires>` (epoch seconds), base64url. */
export function signFileLink(key: string, fileId: string, expires: number): string {
  return createHmac('sha256', key).update(`${fileId}.${expires}`).digest('base64url');
}

/** True when the signature is the file's and the link has not expired; compared in constant time. */
export function verifyFileLink(key: string, fileId: string, expires: string | undefined, signature: string | undefined, nowMs = Date.now()): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  const expected = signFileLink(key, fileId, Number(expires));
  return constantTimeEquals(signature, expected) && Number(expires) * 1000 > nowMs;
}

/**
 * Where signed links start: PUBLIC_BASE_URL, required in production; elsewhere the local
 * address of the service (or of the one-machine suite, which sets it to its own port).
 */
export function publicLinkBase(env: Pick<Environment, 'PUBLIC_BASE_URL' | 'NODE_ENV' | 'PORT'>): string {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') throw new ConfigurationError(['PUBLIC_BASE_URL: required when NODE_ENV is production (public files’ signed links start with it)']);
  return `http://127.0.0.1:${env.PORT}`;
}
