export const BURST_WINDOW_MS = 1000;
/**
 * How long an admission counts in the burst window. Times are whole milliseconds: an admission
 * recorded at t happened in [t, t + 1), so it is certainly a window old only at
 * t + BURST_WINDOW_MS + 1.
 */
export const BURST_SPAN_MS = BURST_WINDOW_MS + 1;

export interface PlanLimitRequest {
  credentialId: string;
  product: string;
  burst: number;
  quota: number;
  /** Index of the 30-day quota period, and when it ends (ms). */
  period: number;
  periodEndMs: number;
}

export interface PlanLimitResult {
  allowed: boolean;
  reason?: 'burst' | 'quota';
  burstRemaining: number;
  /** ms until the burst window frees a slot */
  burstResetMs: number;
  /** admitted requests of this product in the period, this one included */
  quotaUsed: number;
}

export type UsageByProduct = Record<string, number>;

/** A fixed-window failure counter and the most failures its window may hold. */
export interface FailureCounter {
  key: string;
  limit: number;
}

/**
 * Counters behind throttling and usage: burst over a sliding one-second window (never more
 * than `burst` admitted in any 1,000 ms), a monthly counter per (credential, product), and
 * fixed-window counters for failed token exchanges. One atomic operation per request, or per
 * lease of several admissions for a busy credential (RedisRateLimitStore).
 */
export abstract class RateLimitStore {
  abstract consume(request: PlanLimitRequest): Promise<PlanLimitResult>;
  abstract usage(credentialId: string, period: number): Promise<UsageByProduct>;
  abstract webhookRetries(credentialId: string, period: number): Promise<number>;
  /**
   * Counts a failure in each counter, in order, up to the first that is full, in one atomic
   * step; answers how many were counted. A window starts with its first failure and lasts
   * `windowMs`. A check is counted as failed before it is made, so concurrent checks never make
   * more failures than the limits allow; one that succeeds gives its count back (releaseFailures).
   */
  abstract reserveFailures(counters: FailureCounter[], windowMs: number): Promise<number>;
  /** Takes one failure off each counter. Never throws: when the store cannot be reached they stay counted, the safe side. */
  abstract releaseFailures(keys: string[]): Promise<void>;
  abstract flush(): Promise<void>;
}
