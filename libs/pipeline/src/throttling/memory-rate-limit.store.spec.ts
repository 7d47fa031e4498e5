import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryRateLimitStore } from './memory-rate-limit.store';

const request = (over: Partial<Parameters<MemoryRateLimitStore['consumeSync']>[0]> = {}) => ({
  burstOf: 'o1',
  organizationId: 'o1',
  product: 'hr',
  burst: 5,
  quota: 100 as number | null,
  period: 0,
  periodEndMs: Date.now() + 1e9,
  ...over,
});

describe('MemoryRateLimitStore', () => {
  it('admits at most `burst` in any sliding second', () => {
    const store = new MemoryRateLimitStore(null);
    const t0 = 1_000_000;
    const admitted: number[] = [];
    // one attempt every 50 ms for 3 seconds
    for (let t = t0; t < t0 + 3000; t += 50) if (store.consumeSync(request(), t).allowed) admitted.push(t);
    for (const start of admitted) {
      expect(admitted.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(5);
    }
    expect(admitted.length).toBe(15);
  });

  it("answers a turn's requests together at its end (the check phase), counted in order", async () => {
    const store = new MemoryRateLimitStore(null);
    const order: string[] = [];
    const answers = [1, 2, 3].map((n) =>
      store.consume(request({ burstOf: 'turn', organizationId: 'turn' })).then((result) => order.push(`answer ${n}: ${result.burstRemaining}`)),
    );
    process.nextTick(() => order.push('next tick'));
    setImmediate(() => order.push('check phase, after the answers'));
    await Promise.all(answers);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['next tick', 'answer 1: 4', 'answer 2: 3', 'answer 3: 2', 'check phase, after the answers']);
  });

  it('reports remaining burst and when a slot frees', () => {
    const store = new MemoryRateLimitStore(null);
    const t0 = 5_000_000;
    expect(store.consumeSync(request(), t0)).toMatchObject({ allowed: true, burstRemaining: 4 });
    for (let i = 1; i < 5; i++) store.consumeSync(request(), t0 + i);
    const denied = store.consumeSync(request(), t0 + 10);
    expect(denied).toMatchObject({ allowed: false, reason: 'burst', burstRemaining: 0 });
    expect(denied.burstResetMs).toBe(991);
    // an admission recorded at t0 (a whole millisecond) happened before t0 + 1: it still counts at t0 + 1000
    expect(store.consumeSync(request(), t0 + 1000).allowed).toBe(false);
    expect(store.consumeSync(request(), t0 + 1001).allowed).toBe(true);
  });

  it('counts the window of a large burst as a small one, and lets it empty', () => {
    const store = new MemoryRateLimitStore(null);
    const t0 = 7_000_000;
    const large = request({ burst: 1_000_000, quota: 1e9 });
    const remaining = Array.from({ length: 3000 }, (_, i) => store.consumeSync(large, t0 + Math.floor(i / 3)).burstRemaining);
    expect(remaining.every((left, i) => left === 1_000_000 - i - 1)).toBe(true);
    // t0 .. t0 + 999 hold 3 admissions a millisecond: at t0 + 1500 those of t0 + 500 and later remain
    expect(store.consumeSync(large, t0 + 1500)).toMatchObject({ allowed: true, burstRemaining: 1_000_000 - 1500 - 1 });
    expect(store.consumeSync(large, t0 + 5000)).toMatchObject({ allowed: true, burstRemaining: 1_000_000 - 1 });
  });

  it('keeps products apart and stops at the quota', async () => {
    const store = new MemoryRateLimitStore(null);
    let t = 10_000_000;
    for (let i = 0; i < 3; i++) expect(store.consumeSync(request({ quota: 3 }), (t += 1000)).allowed).toBe(true);
    expect(store.consumeSync(request({ quota: 3 }), (t += 1000))).toMatchObject({ allowed: false, reason: 'quota' });
    expect(store.consumeSync(request({ quota: 3, product: 'app' }), (t += 1000)).allowed).toBe(true);
    expect(await store.usage(['o1'], 0)).toEqual({ hr: 3, app: 1 });
  });

  it('counts people apart in the burst, with the organization in its quota or in nothing', async () => {
    const store = new MemoryRateLimitStore(null);
    const t = 20_000_000;
    const keys = request({ burst: 2, quota: 3 });
    const people = request({ burstOf: 'o1:people', burst: 2, quota: 3 });
    expect([1, 2, 3].map((i) => store.consumeSync(keys, t + i).allowed)).toEqual([true, true, false]);
    // the keys' burst is spent; the people's is their own, their requests in the organization's quota
    expect(store.consumeSync(people, t + 4)).toMatchObject({ allowed: true, quotaUsed: 3 });
    expect(store.consumeSync(people, t + 5)).toMatchObject({ allowed: false, reason: 'quota' });
    // without a quota: the burst alone, and nothing counted
    expect(store.consumeSync({ ...people, quota: null }, t + 6)).toMatchObject({ allowed: true, quotaUsed: 0 });
    expect(store.consumeSync({ ...people, quota: null }, t + 7)).toMatchObject({ allowed: false, reason: 'burst' });
    expect(await store.usage(['o1'], 0)).toEqual({ hr: 3 });
  });

  it('folds keys’ counters into their organization’s once, and sums the subjects asked for', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rl-')), 'usage.json');
    const store = new MemoryRateLimitStore(path);
    // counters of the release before: per key
    await store.countUsage('k1', 4, 0, 'hr', 7);
    await store.countUsage('k2', 4, 0, 'hr', 5);
    await store.countUsage('k2', 4, 0, 'webhook-retries', 2);
    await store.countUsage('k3', 3, 0, 'hr', 100);
    store.consumeSync(request({ period: 4 }), 30_000_000);
    const fold = { organizationId: 'o1', credentialIds: ['k1', 'k2', 'k3'], period: 4, periodEndMs: 0 };
    expect(await store.foldIntoOrganizations([fold])).toBe(2);
    expect(await store.foldIntoOrganizations([fold])).toBe(0);
    expect(await store.usage(['o1'], 4)).toEqual({ hr: 13, 'webhook-retries': 2 });
    expect(await store.usage(['k1', 'k2'], 4)).toEqual({});
    // the quota holds the keys' requests: 13 used of 14
    expect(store.consumeSync(request({ period: 4, quota: 14 }), 30_010_000)).toMatchObject({ allowed: true, quotaUsed: 14 });
    expect(store.consumeSync(request({ period: 4, quota: 14 }), 30_020_000)).toMatchObject({ allowed: false, reason: 'quota' });
    await store.countUsage('k1', 4, 0, 'file-link-downloads');
    expect(await store.usage(['o1', 'k1', 'k2'], 4)).toEqual({ hr: 14, 'webhook-retries': 2, 'file-link-downloads': 1 });
    await store.flush();
    expect(await new MemoryRateLimitStore(path).usage(['o1', 'k1'], 4)).toEqual({ hr: 14, 'webhook-retries': 2, 'file-link-downloads': 1 });
  });

  it('persists usage across instances', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rl-')), 'usage.json');
    const first = new MemoryRateLimitStore(path);
    first.consumeSync(request(), 1);
    first.consumeSync(request({ product: 'books' }), 2);
    await first.flush();
    expect(await new MemoryRateLimitStore(path).usage(['o1'], 0)).toEqual({ hr: 1, books: 1 });
  });

  describe('failure counters', () => {
    const address = { key: 'ip', limit: 3 };
    const key = { key: 'key', limit: 2 };
    afterEach(() => jest.useRealTimers());

    it('counts in order up to the first full counter, and nothing once the first is full', async () => {
      const store = new MemoryRateLimitStore(null);
      expect(await store.countWithinLimits([address, key], 60_000)).toBe(2);
      expect(await store.countWithinLimits([address, key], 60_000)).toBe(2);
      expect(await store.countWithinLimits([address, key], 60_000)).toBe(1);
      expect(await store.countWithinLimits([address, key], 60_000)).toBe(0);
      expect(await store.countWithinLimits([{ key: 'other-ip', limit: 3 }, key], 60_000)).toBe(1);
    });

    it('counts concurrent reservations one at a time', async () => {
      const store = new MemoryRateLimitStore(null);
      const counted = await Promise.all(Array.from({ length: 200 }, () => store.countWithinLimits([address, key], 60_000)));
      expect(counted.filter((n) => n === 2)).toHaveLength(2);
      expect(counted.filter((n) => n === 1)).toHaveLength(1);
      expect(counted.filter((n) => n === 0)).toHaveLength(197);
    });

    it('takes released failures off, and starts a new window once one ends', async () => {
      jest.useFakeTimers({ now: 1_000_000 });
      const store = new MemoryRateLimitStore(null);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
      expect(await store.countWithinLimits([key], 60_000)).toBe(0);
      await store.releaseCounts(['key']);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
      await store.releaseCounts(['key', 'key', 'key', 'never-counted']);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
      jest.setSystemTime(1_000_000 + 60_000);
      expect(await store.countWithinLimits([key], 60_000)).toBe(1);
    });
  });

  it('counts usage outside the limits beside the products, and keeps it across instances', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rl-')), 'usage.json');
    const first = new MemoryRateLimitStore(path);
    first.consumeSync(request({ product: 'app', quota: 1 }), Date.now());
    await first.countUsage('o1', 0, Date.now() + 1e9, 'file-link-downloads');
    await first.countUsage('o1', 0, Date.now() + 1e9, 'file-link-downloads');
    expect(first.consumeSync(request({ product: 'app', quota: 1 }), Date.now() + 2000)).toMatchObject({ allowed: false, reason: 'quota' });
    await first.flush();
    expect(await new MemoryRateLimitStore(path).usage(['o1'], 0)).toEqual({ app: 1, 'file-link-downloads': 2 });
  });
});
