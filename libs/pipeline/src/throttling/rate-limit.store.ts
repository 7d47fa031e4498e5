export const BURST_WINDOW_MS = 1000;
/**
 * How long an admission counts in the burst window. Times are whole milliseconds: an admission
 * recorded at t happened in [t, t + 1), so it is certainly a window old only at
 * t + BURST_WINDOW_MS + 1.
 */
export const BURST_SPAN_MS = BURST_WINDOW_MS + 1;

export interface PlanLimitRequest {
  /**
   * Whose burst the request counts in: an organization's keys share one (the organization's id),
   * its people another (peopleBurstOf).
   */
  burstOf: string;
  /** The organization: its keys, and its people on the routes keys serve too, share one monthly quota per product. */
  organizationId: string;
  product: string;
  burst: number;
  /** The product's monthly quota; null: the burst alone, and nothing counted (people on their organization's pages in auth). */
  quota: number | null;
  /** Index of the 30-day quota period, and when it ends (ms). */
  period: number;
  periodEndMs: number;
}

/** The burst an organization's people share, apart from its keys': a busy integration never shuts its people out of the dashboard, nor they it. */
export function peopleBurstOf(organizationId: string): string {
  return `${organizationId}:people`;
}

export interface PlanLimitResult {
  allowed: boolean;
  reason?: 'burst' | 'quota';
  burstRemaining: number;
  /** ms until the burst window frees a slot */
  burstResetMs: number;
  /** admitted requests of this product in the organization's period, this one included (0 when the request has no quota) */
  quotaUsed: number;
}

/**
 * The counters a credential kept of one period before quotas were the organization's, to add to
 * the organization's (RateLimitStore.foldIntoOrganizations).
 */
export interface QuotaFold {
  organizationId: string;
  credentialIds: string[];
  period: number;
  periodEndMs: number;
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
 * than `burst` admitted in any 1,000 ms), a monthly counter per (organization, product), and
 * fixed-window counters (failed token exchanges, link downloads). One atomic operation per request, or per
 * lease of several admissions for a busy organization (RedisRateLimitStore).
 *
 * Usage of a period is counted in one set of counters per subject: the organization's (its API
 * requests by product, and what its people do), and each credential's (the webhook retries and
 * link downloads counted for the credential that created the endpoint or published the file).
 */
export abstract class RateLimitStore {
  abstract consume(request: PlanLimitRequest): Promise<PlanLimitResult>;
  /** The usage of the period of every subject given (the organization and its credentials), summed. */
  abstract usage(subjectIds: string[], period: number): Promise<UsageByProduct>;
  /** Adds `amount` (default 1) to `item` (not a product: no limit applies) in the subject's usage of the period; `usage` reports it with the products. */
  abstract countUsage(subjectId: string, period: number, periodEndMs: number, item: string, amount?: number): Promise<void>;
  /**
   * Moves each credential's counters of the period into its organization's, atomically per
   * credential (added there, taken from the credential): quotas were counted per credential
   * before they were the organization's, and a release must not give anyone their period again.
   * Idempotent; answers how many credentials had counters to move.
   */
  abstract foldIntoOrganizations(folds: QuotaFold[]): Promise<number>;
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
