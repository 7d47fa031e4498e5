import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEquals, Environment, hashApiKey, PlanEnvironment, randomToken, readOrCreateSecretFile } from '@platform/pipeline';

const KEY_PREFIX_LENGTH = 16;

/** Keys carry 192 random bits, secrets 256, both prefixed by environment (`pk_sandbox_…`). */
export function generateApiKey(environment: PlanEnvironment): string {
  return `pk_${environment}_${randomBytes(24).toString('base64url')}`;
}

export function generateApiSecret(environment: PlanEnvironment): string {
  return `sk_${environment}_${randomBytes(32).toString('base64url')}`;
}

/** The environment a key names in its prefix, when it names one. */
export function environmentOfKey(apiKey: string): PlanEnvironment | undefined {
  const environment = /^pk_(sandbox|production)_/.exec(apiKey)?.[1];
  return environment as PlanEnvironment | undefined;
}

export function keyPrefixOf(apiKey: string): string {
  return apiKey.slice(0, KEY_PREFIX_LENGTH);
}

export const keyHashOf = hashApiKey;

/** A secret of 256 random bits needs no slow hash: a keyed SHA-256 with a server-side pepper. */
export function hashSecret(pepper: string, secret: string): string {
  return createHmac('sha256', pepper).update(secret).digest('hex');
}

export function secretMatches(pepper: string, secret: string, storedHash: string): boolean {
  return constantTimeEquals(hashSecret(pepper, secret), storedHash);
}

/** The server-side pepper secrets are hashed with (SECRET_PEPPER, else made once in the data directory). */
export function pepperOf(env: Pick<Environment, 'SECRET_PEPPER' | 'DATA_DIR'>): string {
  return env.SECRET_PEPPER ?? readOrCreateSecretFile(env.DATA_DIR, 'secret-pepper', () => randomToken(32));
}
