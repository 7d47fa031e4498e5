import { minimumSecretVersion } from './developer-credential.entity';

describe('minimumSecretVersion', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('is the current version without a grace period, or once it has ended', () => {
    expect(minimumSecretVersion({ secretVersion: 3, previousSecretExpiresAt: null }, now)).toBe(3);
    expect(minimumSecretVersion({ secretVersion: 3, previousSecretExpiresAt: new Date(now) }, now)).toBe(3);
    expect(minimumSecretVersion({ secretVersion: 3, previousSecretExpiresAt: new Date(now - 1) }, now)).toBe(3);
  });

  it('is the version before while the previous secret’s grace runs', () => {
    expect(minimumSecretVersion({ secretVersion: 3, previousSecretExpiresAt: new Date(now + 1) }, now)).toBe(2);
  });
});
