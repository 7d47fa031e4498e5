/** The plan catalogue (docs/architecture.md, Plans and rate limits). Enterprise limits are negotiated and stored per organization. */
export type PlanId = 'developer-sandbox' | 'api-starter' | 'api-business' | 'api-enterprise';
export type PlanEnvironment = 'sandbox' | 'production';

export interface RateLimits {
  burstPerSecond: number;
  monthlyQuota: number;
  webhookRetries: number | null;
}

export interface Plan {
  id: PlanId;
  name: string;
  environment: PlanEnvironment;
  price: { currency: 'XAF'; monthlyMin: number | null; monthlyMax: number | null; note?: string };
  rateLimits: RateLimits;
}

export const PLANS: Record<PlanId, Plan> = {
  'developer-sandbox': {
    id: 'developer-sandbox',
    name: 'Developer Sandbox',
    environment: 'sandbox',
    price: { currency: 'XAF', monthlyMin: 0, monthlyMax: 0, note: 'free' },
    rateLimits: { burstPerSecond: 5, monthlyQuota: 2_000, webhookRetries: 50 },
  },
  'api-starter': {
    id: 'api-starter',
    name: 'API Starter',
    environment: 'production',
    price: { currency: 'XAF', monthlyMin: 25_000, monthlyMax: 25_000 },
    rateLimits: { burstPerSecond: 10, monthlyQuota: 10_000, webhookRetries: 200 },
  },
  'api-business': {
    id: 'api-business',
    name: 'API Business',
    environment: 'production',
    price: { currency: 'XAF', monthlyMin: 100_000, monthlyMax: 300_000 },
    rateLimits: { burstPerSecond: 40, monthlyQuota: 100_000, webhookRetries: 2_000 },
  },
  'api-enterprise': {
    id: 'api-enterprise',
    name: 'API Enterprise',
    environment: 'production',
    price: { currency: 'XAF', monthlyMin: null, monthlyMax: null, note: 'custom, per contract' },
    rateLimits: { burstPerSecond: 200, monthlyQuota: 1_000_000, webhookRetries: null },
  },
};

export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && value in PLANS;
}

/** Quotas reset every 30 days, counted from the organization's anchor (its creation). */
export const QUOTA_PERIOD_SECONDS = 30 * 24 * 60 * 60;

export interface QuotaPeriod {
  index: number;
  start: Date;
  end: Date;
}

export function quotaPeriod(anchorSeconds: number, nowMs: number = Date.now()): QuotaPeriod {
  const { index, startMs, endMs } = quotaPeriodBounds(anchorSeconds, nowMs);
  return { index, start: new Date(startMs), end: new Date(endMs) };
}

/** The same period as epoch milliseconds, without two Dates: the throttler asks on every request. */
export function quotaPeriodBounds(anchorSeconds: number, nowMs: number = Date.now()): { index: number; startMs: number; endMs: number } {
  const elapsed = Math.max(0, Math.floor(nowMs / 1000) - anchorSeconds);
  const index = Math.floor(elapsed / QUOTA_PERIOD_SECONDS);
  const startSeconds = anchorSeconds + index * QUOTA_PERIOD_SECONDS;
  return { index, startMs: startSeconds * 1000, endMs: (startSeconds + QUOTA_PERIOD_SECONDS) * 1000 };
}

/**
 * Every scope a credential can hold; new credentials get all of them unless told otherwise.
 * `credentials:write` rotates the credential's own secret, which locks out whoever uses the old
 * one: a credential narrowed to a product's scopes cannot do it.
 */
export const SCOPES = [
  'auth:read',
  'auth:write',
  'credentials:write',
  'hr:read',
  'hr:write',
  'app:read',
  'app:write',
  'payroll:read',
  'payroll:write',
  'pay:read',
  'pay:write',
  'books:read',
  'books:write',
  'webhooks:read',
  'webhooks:write',
] as const;
export type Scope = (typeof SCOPES)[number];
