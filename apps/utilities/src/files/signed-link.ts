import { createHmac } from 'node:crypto';
import { ConfigurationError, constantTimeEquals, Environment } from '@platform/pipeline';

/** What a signed link carries in its query string. */
export interface FileLinkQuery {
  v?: string;
  expires?: string;
  signature?: string;
}

/** HMAC-SHA256 of `<file id>.<link version>.<expires>` (epoch seconds), base64url. */
export function signFileLink(key: string, fileId: string, version: number, expires: number): string {
  return createHmac('sha256', key).update(`${fileId}.${version}.${expires}`).digest('base64url');
}

/** The query string of a link to the file's current version, valid until `expires`. */
export function fileLinkQuery(key: string, fileId: string, version: number, expires: number): string {
  return new URLSearchParams({ v: String(version), expires: String(expires), signature: signFileLink(key, fileId, version, expires) }).toString();
}

/**
 * The link version a link was signed for, when the signature is the file's and the link has not
 * expired (compared in constant time); undefined otherwise. The caller still checks that the
 * version is the file's current one.
 */
export function verifyFileLink(key: string, fileId: string, link: FileLinkQuery, nowMs = Date.now()): number | undefined {
  const { v, expires, signature } = link;
  if (!v || !expires || !signature || !/^\d{1,9}$/.test(v) || !/^\d{1,12}$/.test(expires)) return undefined;
  const expected = signFileLink(key, fileId, Number(v), Number(expires));
  return constantTimeEquals(signature, expected) && Number(expires) * 1000 > nowMs ? Number(v) : undefined;
}

/**
 * Where signed links start: PUBLIC_BASE_URL, required in production; elsewhere the local
 * address of the service (or of the one-machine suite, which sets it to its own port).
 */
export function publicLinkBase(env: Pick<Environment, 'PUBLIC_BASE_URL' | 'NODE_ENV' | 'PORT'>): string {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production')
    throw new ConfigurationError(['PUBLIC_BASE_URL: required when NODE_ENV is production (public files’ signed links start with it)']);
  return `http://127.0.0.1:${env.PORT}`;
}
