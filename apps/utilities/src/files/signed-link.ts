import { createHmac } from 'node:crypto';
import { constantTimeEquals } from '@platform/common';

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
