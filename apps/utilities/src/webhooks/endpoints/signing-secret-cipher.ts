import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigurationError, Environment, readOrCreateSecretFile, randomToken } from '@platform/pipeline';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed, so the same setting always gives the same key; the setting is the secret. */
const HKDF_SALT = 'platform-webhook-signing-secrets';
const HKDF_INFO = 'aes-256-gcm v1';
/** Standard Webhooks secrets: `whsec_` and the base64 of the key's bytes. */
export const SIGNING_SECRET_PREFIX = 'whsec_';
export const SIGNING_SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(SIGNING_SECRET_BYTES).toString('base64');
}

/**
 * Encrypts the endpoints' signing secrets at rest: AES-256-GCM with a random nonce per secret,
 * the key derived by HKDF-SHA256 from WEBHOOK_SECRETS_KEY, and the endpoint id as additional
 * data, so a sealed secret copied onto another endpoint's row does not open. A database dump
 * alone reveals no secret.
 */
export class SigningSecretCipher {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, HKDF_SALT, HKDF_INFO, 32));
  }

  seal(secret: string, endpointId: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(endpointId));
    const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
  }

  /** Throws when the value was not sealed by this key for this endpoint, or was altered. */
  open(sealed: string, endpointId: string): string {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('unknown sealed secret format');
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length <= NONCE_BYTES + TAG_BYTES) throw new Error('sealed secret too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/**
 * The cipher of this deployment's WEBHOOK_SECRETS_KEY. In production the setting is required:
 * a key generated per replica (or lost with a pod's data directory) would leave secrets that
 * other replicas, or the next start, cannot open. Elsewhere it is generated in DATA_DIR.
 */
export function signingSecretCipher(env: Pick<Environment, 'WEBHOOK_SECRETS_KEY' | 'NODE_ENV' | 'DATA_DIR'>): SigningSecretCipher {
  if (env.WEBHOOK_SECRETS_KEY) return new SigningSecretCipher(env.WEBHOOK_SECRETS_KEY);
  if (env.NODE_ENV === 'production') {
    throw new ConfigurationError([
      'WEBHOOK_SECRETS_KEY: required when NODE_ENV is production (webhook signing secrets are encrypted with it; every replica needs the same one)',
    ]);
  }
  return new SigningSecretCipher(readOrCreateSecretFile(env.DATA_DIR, 'webhook-secrets-key', () => randomToken(32)));
}
