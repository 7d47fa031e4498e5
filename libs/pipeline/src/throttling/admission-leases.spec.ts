import { AdmissionLeases, GrantedResult } from './admission-leases';
import type { PlanLimitRequest } from './rate-limit.store';

const request = (overrides: Partial<PlanLimitRequest> = {}): PlanLimitRequest => ({
  burstOf: 'o1',
  organizationId: 'o1',
  product: 'hr',
  burst: 1000,
  quota: 1_000_000,
  period: 7,
  periodEndMs: 0,
  ...overrides,
});

const granted = (granted: number, overrides: Partial<GrantedResult> = {}): GrantedResult => ({
  allowed: true,
  burstRemaining: 1000 - granted,
  quotaUsed: 500 + granted,
  burstResetMs: 1000,
  granted,
  ...overrides,
});

const options = { leaseMs: 100, minDemand: 16, maxLease: 256 };

describe('AdmissionLeases', () => {
  it('asks for one admission until a key has minDemand requests within about a lease period', () => {
    const leases = new AdmissionLeases(options);
    const wants = Array.from({ length: 16 }, (_, i) => leases.demand('k', 1000, i));
    expect(wants.slice(0, 15)).toEqual(Array(15).fill(1));
    expect(wants[15]).toBe(16);
    // requests spread thinner than that never lease
    const quiet = new AdmissionLeases(options);
    expect(Array.from({ length: 50 }, (_, i) => quiet.demand('k', 1000, i * 20)).every((want) => want === 1)).toBe(true);
  });

  it('asks for the recent demand, at most maxLease and a tenth of the burst', () => {
    const leases = new AdmissionLeases(options);
    let want = 0;
    for (let i = 0; i < 400; i++) want = leases.demand('a', 1_000_000, i * 0.1);
    expect(want).toBe(256);
    for (let i = 0; i < 400; i++) want = leases.demand('b', 200, i * 0.1);
    expect(want).toBe(20);
    // a burst of 40 (api-business) leases 4 at a time; one under 20 (sandbox, starter) never leases
    for (let i = 0; i < 400; i++) want = leases.demand('c', 40, i * 0.1);
    expect(want).toBe(4);
    for (let i = 0; i < 400; i++) want = leases.demand('d', 10, i * 0.1);
    expect(want).toBe(1);
  });

  it('forgets demand older than two lease periods', () => {
    const leases = new AdmissionLeases(options);
    for (let i = 0; i < 15; i++) leases.demand('k', 1000, i);
    expect(leases.demand('k', 1000, 250)).toBe(1);
  });

  it('hands out what Redis granted beyond the request itself, until the lease ends', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    const own = leases.grant('k', request(), 'quota-key', granted(4), 0, 1);
    // the replica's view: the three still leased are free, and not yet used of the quota
    expect(own).toEqual({ allowed: true, burstRemaining: 999, quotaUsed: 501, burstResetMs: 1000 });
    expect(leases.take('k', request(), 10)).toEqual({ allowed: true, burstRemaining: 998, quotaUsed: 502, burstResetMs: 991 });
    expect(leases.take('k', request(), 20)?.allowed).toBe(true);
    expect(leases.take('k', request(), 30)?.quotaUsed).toBe(504);
    expect(leases.take('k', request(), 40)).toBeUndefined();
    expect(leases.sweep(50)).toEqual([]);
  });

  it('ends a lease at sentAt + leaseMs and gives back what it did not use', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    leases.grant('k', request(), 'quota-key', granted(10), 5, 30);
    expect(leases.take('k', request(), 104.9)).toBeDefined();
    expect(leases.take('k', request(), 105)).toBeUndefined();
    expect(leases.sweep(106)).toEqual([{ quotaKey: 'quota-key', product: 'hr', count: 8 }]);
    expect(leases.sweep(107)).toEqual([]);
  });

  it('gives back every lease at shutdown, and a lease of a key forgotten while Redis answered', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    leases.grant('k', request(), 'quota-k', granted(5), 0, 1);
    expect(leases.sweep(2, true)).toEqual([{ quotaKey: 'quota-k', product: 'hr', count: 4 }]);
    expect(leases.take('k', request(), 3)).toBeUndefined();

    const forgetful = new AdmissionLeases(options);
    forgetful.grant('gone', request(), 'quota-g', granted(3), 0, 1);
    expect(forgetful.sweep(2)).toEqual([{ quotaKey: 'quota-g', product: 'hr', count: 2 }]);
  });

  it('does not use a lease taken under other limits: the plan changed', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    leases.grant('k', request(), 'quota-key', granted(6), 0, 1);
    expect(leases.take('k', request({ burst: 5 }), 2)).toBeUndefined();
    expect(leases.take('k', request(), 3)).toBeUndefined();
    expect(leases.sweep(4)).toEqual([{ quotaKey: 'quota-key', product: 'hr', count: 5 }]);
  });

  it('gives nothing back of a lease whose admissions counted in no quota (the burst alone)', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    leases.grant('k', request({ quota: null }), null, granted(6), 0, 1);
    expect(leases.take('k', request({ quota: null }), 2)).toMatchObject({ allowed: true });
    expect(leases.sweep(200)).toEqual([]);
  });

  it('makes no lease of a denial or of a single admission', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('k', 1000, 0);
    const denied = { allowed: false, reason: 'burst' as const, burstRemaining: 0, quotaUsed: 9, burstResetMs: 300, granted: 0 };
    expect(leases.grant('k', request(), 'q', denied, 0, 1)).toBe(denied);
    expect(leases.grant('k', request(), 'q', granted(1), 0, 1).allowed).toBe(true);
    expect(leases.take('k', request(), 2)).toBeUndefined();
    expect(leases.sweep(3)).toEqual([]);
  });

  it('forgets keys idle for two lease periods that hold no lease', () => {
    const leases = new AdmissionLeases(options);
    leases.demand('a', 1000, 0);
    leases.demand('b', 1000, 150);
    leases.sweep(200);
    expect(leases.size).toBe(1);
    leases.sweep(350);
    expect(leases.size).toBe(0);
  });
});
