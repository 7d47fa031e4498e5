import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' prefix of a symmetric signing secret; the rest is the key, in base64. */
const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;
/** The least key the Standard Webhooks specification accepts (24 bytes). */
const MIN_KEY_BYTES = 24;

/** A new endpoint signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

function signingKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook signing secret starts with whsec_');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length < MIN_KEY_BYTES) throw new Error(`a webhook signing key holds at least ${MIN_KEY_BYTES} bytes`);
  return key;
}

/**
 * The `webhook-signature` header of one delivery (Standard Webhooks): `v1,<signature>` for each
 * secret, separated by spaces, the signature being the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`. An endpoint whose secret is being rotated is
 * signed with the new and the old secret, so the receiver accepts the delivery with either.
 * `body` is the exact text sent: a receiver verifies the bytes it got, not a re-serialisation.
 */
export function signWebhook(secrets: string[], msgId: string, timestampSeconds: number, body: string): string {
  if (!secrets.length) throw new Error('a webhook is signed with at least one secret');
  if (!Number.isSafeInteger(timestampSeconds)) throw new Error('a webhook timestamp is whole seconds');
  const signed = `${msgId}.${timestampSeconds}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(signed, 'utf8').digest('base64')}`).join(' ');
}
