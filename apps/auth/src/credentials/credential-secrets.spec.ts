import { generateApiKey, generateApiSecret, hashSecret, keyPrefixOf, secretMatches } from './credential-secrets';

describe('credential secrets', () => {
  it('prefixes keys and secrets by environment and makes them unique', () => {
    const key = generateApiKey('sandbox');
    const secret = generateApiSecret('production');
    expect(key).toMatch(/^pk_sandbox_[A-Za-z0-9_-]{32}$/);
    expect(secret).toMatch(/^sk_production_[A-Za-z0-9_-]{43}$/);
    expect(generateApiKey('sandbox')).not.toBe(key);
    expect(keyPrefixOf(key)).toBe(key.slice(0, 16));
  });

  it('verifies a secret against its peppered hash and nothing else', () => {
    const pepper = 'p'.repeat(32);
    const secret = generateApiSecret('sandbox');
    const stored = hashSecret(pepper, secret);
    expect(stored).not.toContain(secret);
    expect(secretMatches(pepper, secret, stored)).toBe(true);
    expect(secretMatches(pepper, secret + 'x', stored)).toBe(false);
    expect(secretMatches('q'.repeat(32), secret, stored)).toBe(false);
    expect(secretMatches(pepper, secret, 'abc')).toBe(false);
  });
});
