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

/** A fixed-window counter and the most its window may hold. */
export interface WindowCounter {
  key: string;
  limit: number;
}

/**
 * Usage counted beside a credential's products, outside its plan's limits: downloads of its
 * public files through their signed links, which anyone holding a link makes.
 */
export const FILE_LINK_DOWNLOADS = 'file-link-downloads';
/** Webhook delivery attempts from the second onward, counted for the credential that created the endpoint. */
export const WEBHOOK_RETRIES = 'webhook-retries';

/**
 * Counters behind throttling and usage: burst over a sliding one-second window (never more
 * than `burst` admitted in any 1,000 ms), a monthly counter per (credential, product), and
 * fixed-window counters (failed token exchanges, link downloads). One atomic operation per request, or per
 * lease of several admissions for a busy credential (RedisRateLimitStore).
 */
export abstract class RateLimitStore {
  abstract consume(request: PlanLimitRequest): Promise<PlanLimitResult>;
  abstract usage(credentialId: string, period: number): Promise<UsageByProduct>;
  /** Adds `amount` (default 1) to `item` (not a product: no limit applies) in the credential's usage of the period; `usage` reports it with the products. */
  abstract countUsage(credentialId: string, period: number, periodEndMs: number, item: string, amount?: number): Promise<void>;
  /**
   * Adds one to each fixed-window counter, in order, up to the first that is full, in one atomic
   * step; answers how many were counted. A window starts with its first count and lasts
   * `windowMs`. Failed token exchanges are counted before the secret is checked, so concurrent
   * checks never exceed the limits, and one that succeeds gives its counts back (releaseCounts);
   * downloads through a file link are counted as they come.
   */
  abstract countWithinLimits(counters: WindowCounter[], windowMs: number): Promise<number>;
  /** Takes one off each counter. Never throws: when the store cannot be reached the counts stay, the safe side. */
  abstract releaseCounts(keys: string[]): Promise<void>;
  abstract flush(): Promise<void>;
}
