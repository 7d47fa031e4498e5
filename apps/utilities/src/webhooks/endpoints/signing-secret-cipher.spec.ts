import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '@platform/pipeline';
import { newSigningSecret, SigningSecretCipher, signingSecretCipher } from './signing-secret-cipher';

const KEY = 'a-webhook-secrets-key-of-at-least-32-characters';
const ENDPOINT = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER_ENDPOINT = '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d';

describe('newSigningSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });
});

describe('SigningSecretCipher', () => {
  const cipher = new SigningSecretCipher(KEY);
  const secret = newSigningSecret();

  it('opens what it sealed, and the sealed form holds no trace of the secret', () => {
    const sealed = cipher.seal(secret, ENDPOINT);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(cipher.open(sealed, ENDPOINT)).toBe(secret);
  });

  it('uses a fresh nonce for every seal', () => {
    expect(cipher.seal(secret, ENDPOINT)).not.toBe(cipher.seal(secret, ENDPOINT));
  });

  it('opens with the same setting in another process (the key is derived, not random)', () => {
    expect(new SigningSecretCipher(KEY).open(cipher.seal(secret, ENDPOINT), ENDPOINT)).toBe(secret);
  });

  it('refuses another key, another endpoint, an altered value and unknown formats', () => {
    const sealed = cipher.seal(secret, ENDPOINT);
    expect(() => new SigningSecretCipher(`${KEY}-other`).open(sealed, ENDPOINT)).toThrow();
    expect(() => cipher.open(sealed, OTHER_ENDPOINT)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => cipher.open(`v1.${bytes.toString('base64url')}`, ENDPOINT)).toThrow();
    expect(() => cipher.open(`v2.${sealed.slice(3)}`, ENDPOINT)).toThrow('unknown sealed secret format');
    expect(() => cipher.open('v1.AAAA', ENDPOINT)).toThrow('sealed secret too short');
  });
});

describe('signingSecretCipher (from the settings)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'webhook-key-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses WEBHOOK_SECRETS_KEY when set, in any environment', () => {
    const sealed = new SigningSecretCipher(KEY).seal('whsec_x', ENDPOINT);
    expect(signingSecretCipher({ WEBHOOK_SECRETS_KEY: KEY, NODE_ENV: 'production', DATA_DIR: dataDir }).open(sealed, ENDPOINT)).toBe('whsec_x');
  });

  it('requires it in production', () => {
    expect(() => signingSecretCipher({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigurationError);
    expect(() => signingSecretCipher({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/WEBHOOK_SECRETS_KEY: required when NODE_ENV is production/);
  });

  it('elsewhere generates one in DATA_DIR on first start and keeps using it', () => {
    const first = signingSecretCipher({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, 'webhook-secrets-key'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const sealed = first.seal('whsec_y', ENDPOINT);
    expect(signingSecretCipher({ NODE_ENV: 'development', DATA_DIR: dataDir }).open(sealed, ENDPOINT)).toBe('whsec_y');
  });
});
