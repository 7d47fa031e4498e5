import type { KeyObject } from 'node:crypto';
import { PlatformException } from '../errors/platform.exception';
import { CachedIdentitySource, RevocationEntry, RevocationFeed } from './cached-identity.source';
import { CompanyAccessQuery } from './identity-source';

/** Revocations from a function the test controls; no timer (onApplicationBootstrap is not called). */
class TestIdentitySource extends CachedIdentitySource {
  loads = 0;
  sessions: string[] = [];
  constructor(
    pollMs: number,
    public load: () => Promise<RevocationEntry[]>,
  ) {
    super(pollMs);
  }
  verificationKey(): Promise<KeyObject> {
    throw new Error('not used');
  }
  protected loadRevocations(): Promise<RevocationFeed> {
    this.loads++;
    return this.load().then((items) => ({ items, sessions: this.sessions }));
  }
  refreshNow(): Promise<void> {
    return (this as unknown as { sync(): Promise<void> }).sync();
  }
  accessLoads: CompanyAccessQuery[] = [];
  answerAccess: (query: CompanyAccessQuery) => Promise<boolean> = () => Promise.resolve(true);
  protected loadAccess(query: CompanyAccessQuery): Promise<boolean> {
    this.accessLoads.push(query);
    return this.answerAccess(query);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof PlatformException ? error.code : String(error)),
  );

describe('CachedIdentitySource', () => {
  it('holds the sessions the feed says ended, and one ended in this process over a read made before it', async () => {
    const source = new TestIdentitySource(100, () => Promise.resolve([]));
    source.sessions = ['s1'];
    await source.refreshNow();
    expect(source.sessionEnded('s1')).toBe(true);
    expect(source.sessionEnded('s2')).toBe(false);
    source.endedSession('s2');
    source.sessions = [];
    await source.refreshNow();
    expect(source.sessionEnded('s1')).toBe(false);
    expect(source.sessionEnded('s2')).toBe(true);
    expect(source.revocations().sessions).toEqual(['s2']);
  });

  it('refreshes stale revocations for a request, refuses requests at once while refreshes fail, and tries again a poll interval later', async () => {
    const source = new TestIdentitySource(100, () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3000')));
    // Nothing read yet: stale. A request tries, fails, and is refused; after one failure the
    // next request still tries (as the first requests to a service started before auth listens).
    expect(source.revocationsFresh()).toBe(false);
    expect(await codeOf(source.ensureRevocationsFresh())).toBe('UPSTREAM_UNAVAILABLE');
    expect(await codeOf(source.ensureRevocationsFresh())).toBe('UPSTREAM_UNAVAILABLE');
    expect(source.loads).toBe(2);

    // Failing in a row: a burst of requests right after is refused without a call each.
    const codes = await Promise.all(Array.from({ length: 50 }, () => codeOf(source.ensureRevocationsFresh())));
    expect(new Set(codes)).toEqual(new Set(['UPSTREAM_UNAVAILABLE']));
    expect(source.loads).toBe(2);

    // A poll interval later a request tries again; concurrent ones share that one call.
    await sleep(120);
    source.load = () => Promise.resolve([{ credentialId: 'c1', minimumSecretVersion: 2 }]);
    const recovered = await Promise.all(Array.from({ length: 5 }, () => codeOf(source.ensureRevocationsFresh())));
    expect(recovered).toEqual(['resolved', 'resolved', 'resolved', 'resolved', 'resolved']);
    expect(source.loads).toBe(3);
    expect(source.revocationsFresh()).toBe(true);
    expect(source.minimumSecretVersion('c1')).toBe(2);

    // Fresh: no call at all.
    await source.ensureRevocationsFresh();
    expect(source.loads).toBe(3);
  });

  it('asks once for a company that many requests miss together, holds the answer, and does not hold a failure', async () => {
    const source = new TestIdentitySource(100, () => Promise.resolve([]));
    const acme = { organizationId: 'org-1', workspaceId: 'ws-1', companyId: 'acme' };
    const globex = { organizationId: 'org-1', workspaceId: 'ws-1', companyId: 'globex' };
    let answer!: (allowed: boolean) => void;
    source.answerAccess = (query) => (query.companyId === 'acme' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(false));

    const together = Array.from({ length: 20 }, () => source.canActFor(acme));
    const other = source.canActFor(globex);
    answer(true);
    expect(await Promise.all(together)).toEqual(Array(20).fill(true));
    expect(await other).toBe(false);
    expect(source.accessLoads.map((query) => query.companyId)).toEqual(['acme', 'globex']);

    // held: no second lookup
    expect(await source.canActFor(acme)).toBe(true);
    expect(source.accessLoads).toHaveLength(2);

    // a failed lookup is shared by the requests waiting on it, then forgotten
    const tenant = { organizationId: 'org-1', workspaceId: 'ws-1', companyId: 'initech' };
    source.answerAccess = () => Promise.reject(new Error('auth unreachable'));
    const failed = await Promise.all([codeOf(source.canActFor(tenant)), codeOf(source.canActFor(tenant))]);
    expect(failed).toEqual(['Error: auth unreachable', 'Error: auth unreachable']);
    expect(source.accessLoads).toHaveLength(3);
    source.answerAccess = () => Promise.resolve(true);
    expect(await source.canActFor(tenant)).toBe(true);
    expect(source.accessLoads).toHaveLength(4);
  });

  it('lets the first request after a single failed refresh try again, and serves it when that works', async () => {
    let up = false;
    const source = new TestIdentitySource(1000, () => (up ? Promise.resolve([]) : Promise.reject(new Error('connect ECONNREFUSED'))));
    expect(await codeOf(source.ensureRevocationsFresh())).toBe('UPSTREAM_UNAVAILABLE');
    up = true;
    expect(await codeOf(source.ensureRevocationsFresh())).toBe('resolved');
    expect(source.loads).toBe(2);
  });
});
