import { generateKeyPairSync } from 'node:crypto';
import { IdentitySource } from './identity-source';
import { shareIdentitySource, sharedIdentitySource } from './in-process-identity.source';

class OwnSource extends IdentitySource {
  readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
  started = 0;
  async verificationKey(kid: string) {
    if (kid !== 'k1') throw new Error('unknown kid');
    return this.key;
  }
  revocationsFresh() {
    return true;
  }
  async ensureRevocationsFresh() {}
  minimumSecretVersion(credentialId: string) {
    return credentialId === 'c1' ? 3 : undefined;
  }
  sessionEnded(sessionId: string) {
    return sessionId === 's1';
  }
  async canActFor(query: { organizationId: string }) {
    return query.organizationId === 'o1';
  }
  onApplicationBootstrap() {
    this.started++;
  }
}

describe('shared identity source', () => {
  afterEach(() => shareIdentitySource(undefined));

  it('is none until a source is shared', () => {
    expect(sharedIdentitySource()).toBeUndefined();
  });

  it("answers with the owner's facts, without the owner's lifecycle hooks", async () => {
    const owner = new OwnSource();
    shareIdentitySource(owner);
    const shared = sharedIdentitySource()!;
    expect(shared).not.toBe(owner);
    await expect(shared.verificationKey('k1')).resolves.toBe(owner.key);
    await expect(shared.verificationKey('k2')).rejects.toThrow('unknown kid');
    expect(shared.revocationsFresh()).toBe(true);
    await expect(shared.ensureRevocationsFresh()).resolves.toBeUndefined();
    expect(shared.minimumSecretVersion('c1')).toBe(3);
    expect(shared.sessionEnded('s1')).toBe(true);
    expect(shared.sessionEnded('s2')).toBe(false);
    expect(shared.minimumSecretVersion('c2')).toBeUndefined();
    await expect(shared.canActFor({ organizationId: 'o1', workspaceId: 'w', companyId: 'c' })).resolves.toBe(true);
    expect('onApplicationBootstrap' in shared).toBe(false);
    expect('onApplicationShutdown' in shared).toBe(false);
  });
});
