import type { PlanLimitRequest, PlanLimitResult } from './rate-limit.store';

export interface AdmissionLeaseOptions {
  /** How long a lease may be used after it was asked for (ms). */
  leaseMs: number;
  /** A key is leased only once this many of its requests came in the last `leaseMs` or so. */
  minDemand: number;
  /** The most admissions one lease holds; also never more than a tenth of the burst. */
  maxLease: number;
}

/** What Redis answered a request that asked for `want` admissions: `granted` of them (0 when denied). */
export interface GrantedResult extends PlanLimitResult {
  granted: number;
}

/** Admissions leased and not used, to give back to a quota counter. */
export interface LeaseRefund {
  quotaKey: string;
  product: string;
  count: number;
}

interface Lease {
  left: number;
  /** performance.now() past which the lease is not used */
  endsAt: number;
  burst: number;
  quota: number | null;
  /** where its admissions were counted, to give back what it did not use; null when they were not (no quota) */
  quotaKey: string | null;
  product: string;
  /** Redis's answer at the grant, the whole lease counted */
  burstRemaining: number;
  quotaUsed: number;
  resetAt: number;
}

interface KeyState {
  lease?: Lease;
  /** requests in the current and the previous `leaseMs` bucket */
  bucketStart: number;
  count: number;
  previous: number;
  lastSeen: number;
}

/**
 * Admission leases: an organization busy on one replica takes several admissions from Redis in one
 * call and hands them out locally, so its requests stop paying a Redis round trip each. The
 * bookkeeping only (no I/O, `now` passed in), so the rules can be tested alone.
 *
 * Why the burst still holds: Redis records a lease's admissions at (grant time + leaseMs), and a
 * lease is used only until (time the request for it was sent + leaseMs), which is no later.
 * Every admission is used no later than the time Redis recorded it at, and no earlier than its
 * grant. Take the admissions used within any 1,000 ms and, of them, the one granted last: each
 * of the others was used in that window, so it is recorded later than (that grant - 1,000 ms),
 * and was still counted when that grant checked the burst. So no window holds more than the
 * burst, across any number of replicas. A lease holds its slots up to leaseMs longer than
 * single admissions do; that errs on the side of admitting less.
 *
 * Quotas are counted when a lease is granted; what a lease did not use goes back (`sweep`) once
 * it ends, so usage reads may run ahead by the unused part of a lease for about `leaseMs`.
 * Keys are leased only under demand (`minDemand` requests in about `leaseMs`), and never more
 * than a tenth of the burst, so a quiet organization is checked request by request as before.
 */
export class AdmissionLeases {
  private readonly keys = new Map<string, KeyState>();
  private readonly refunds: LeaseRefund[] = [];

  constructor(readonly options: AdmissionLeaseOptions) {}

  /** Counts one request of `key` and answers how many admissions to ask Redis for: 1 means no lease. */
  demand(key: string, burst: number, now: number): number {
    const { leaseMs, minDemand, maxLease } = this.options;
    let state = this.keys.get(key);
    if (!state) {
      state = { bucketStart: now, count: 0, previous: 0, lastSeen: now };
      this.keys.set(key, state);
    } else if (now - state.bucketStart >= leaseMs) {
      state.previous = now - state.bucketStart < 2 * leaseMs ? state.count : 0;
      state.count = 0;
      state.bucketStart = now;
    }
    state.count++;
    state.lastSeen = now;
    const recent = state.previous + state.count;
    if (recent < minDemand) return 1;
    return Math.max(1, Math.min(recent, maxLease, Math.floor(burst / 10)));
  }

  /**
   * One admission out of a live lease of `key`, or undefined when there is none. A lease past
   * its end, or taken under other limits (the plan changed), is set aside to be given back.
   */
  take(key: string, request: PlanLimitRequest, now: number): PlanLimitResult | undefined {
    const lease = this.keys.get(key)?.lease;
    if (!lease) return undefined;
    if (lease.left > 0 && now < lease.endsAt && lease.burst === request.burst && lease.quota === request.quota) {
      lease.left--;
      return this.resultOf(lease, now);
    }
    this.end(key, lease);
    return undefined;
  }

  /**
   * Records what Redis granted a request that asked for several admissions (sent at `sentAt`):
   * the request itself uses one, the rest make the key's lease. Answers the request's result.
   */
  grant(key: string, request: PlanLimitRequest, quotaKey: string | null, result: GrantedResult, sentAt: number, now: number): PlanLimitResult {
    if (!result.allowed || result.granted <= 1) return result;
    const state = this.keys.get(key);
    const lease: Lease = {
      left: result.granted - 1,
      endsAt: sentAt + this.options.leaseMs,
      burst: request.burst,
      quota: request.quota,
      quotaKey,
      product: request.product,
      burstRemaining: result.burstRemaining,
      quotaUsed: result.quotaUsed,
      resetAt: now + result.burstResetMs,
    };
    if (state) {
      if (state.lease) this.end(key, state.lease);
      state.lease = lease;
    } else {
      // the key was swept while Redis answered: nothing will hand the lease out, so it goes back
      this.end(key, lease);
    }
    return this.resultOf(lease, now);
  }

  /**
   * What ended leases did not use, to give back; with `all`, every lease ends now (shutdown).
   * Forgets keys that had no request for two lease periods and hold no lease.
   */
  sweep(now: number, all = false): LeaseRefund[] {
    for (const [key, state] of this.keys) {
      if (state.lease && (all || now >= state.lease.endsAt)) this.end(key, state.lease);
      if (!state.lease && now - state.lastSeen >= 2 * this.options.leaseMs) this.keys.delete(key);
    }
    return this.refunds.splice(0);
  }

  /** Keys tracked, for tests and metrics. */
  get size(): number {
    return this.keys.size;
  }

  private end(key: string, lease: Lease): void {
    if (lease.left > 0 && lease.quotaKey) this.refunds.push({ quotaKey: lease.quotaKey, product: lease.product, count: lease.left });
    lease.left = 0;
    const state = this.keys.get(key);
    if (state?.lease === lease) state.lease = undefined;
  }

  /** The headers' view from this replica: the lease's unused admissions are still free. */
  private resultOf(lease: Lease, now: number): PlanLimitResult {
    return {
      allowed: true,
      burstRemaining: lease.burstRemaining + lease.left,
      quotaUsed: lease.quotaUsed - lease.left,
      burstResetMs: Math.max(0, lease.resetAt - now),
    };
  }
}
