import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryRateLimitStore } from './memory-rate-limit.store';

const request = (over: Partial<Parameters<MemoryRateLimitStore['consumeSync']>[0]> = {}) => ({
  credentialId: 'c1', product: 'hr', burst: 5, quota: 100, period: 0, periodEndMs: Date.now() + 1e9, ...over,
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

  it('answers a turn\'s requests together at its end (the check phase), counted in order', async () => {
    const store = new MemoryRateLimitStore(null);
    const order: string[] = [];
    const answers = [1, 2, 3].map((n) => store.consume(request({ credentialId: 'turn' })).then((result) => order.push(`answer ${n}: ${result.burstRemaining}`)));
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
    expect(await store.usage('c1', 0)).toEqual({ hr: 3, app: 1 });
  });

  it('persists usage across instances', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rl-')), 'usage.json');
    const first = new MemoryRateLimitStore(path);
    first.consumeSync(request(), 1);
    first.consumeSync(request({ product: 'books' }), 2);
    await first.flush();
    expect(await new MemoryRateLimitStore(path).usage('c1', 0)).toEqual({ hr: 1, books: 1 });
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
    await first.countUsage('c1', 0, Date.now() + 1e9, 'file-link-downloads');
    await first.countUsage('c1', 0, Date.now() + 1e9, 'file-link-downloads');
    expect(first.consumeSync(request({ product: 'app', quota: 1 }), Date.now() + 2000)).toMatchObject({ allowed: false, reason: 'quota' });
    await first.flush();
    expect(await new MemoryRateLimitStore(path).usage('c1', 0)).toEqual({ app: 1, 'file-link-downloads': 2 });
  });
});
