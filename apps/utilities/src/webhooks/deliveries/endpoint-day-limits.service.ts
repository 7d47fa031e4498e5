import { Inject, Injectable } from '@nestjs/common';
import { Environment, PlatformException, RateLimitStore } from '@platform/pipeline';

/** What a caller asks of an endpoint by hand: each makes outbound requests nobody's event caused. */
export type ManualAction = 'test' | 'retry' | 'recover';

const DAY_MS = 86_400_000;

/** The UTC day of `nowMs` (YYYY-MM-DD) and the milliseconds left in it. */
export function utcDay(nowMs: number): { day: string; leftMs: number } {
  const start = nowMs - (nowMs % DAY_MS);
  return { day: new Date(start).toISOString().slice(0, 10), leftMs: start + DAY_MS - nowMs };
}

/**
 * The daily limits of an endpoint's test events, retries and recoveries (WEBHOOK_*_CALLS_PER_DAY):
 * a fixed window per endpoint and UTC day in the rate-limit store, so that failed deliveries,
 * which cost nothing to make, cannot be turned into outbound requests without bound.
 */
@Injectable()
export class EndpointDayLimits {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly store: RateLimitStore,
  ) {}

  /** Counts one `action` on the endpoint today; past the day's limit, 429 RATE_LIMIT_EXCEEDED with Retry-After until the UTC day ends. */
  async take(action: ManualAction, endpointId: string): Promise<void> {
    const { day, leftMs } = utcDay(Date.now());
    const counted = await this.store.countWithinLimits([{ key: `webhook-${action}:${endpointId}:${day}`, limit: this.limitOf(action) }], leftMs);
    if (counted === 0) throw PlatformException.tooManyRequests(Math.ceil(leftMs / 1000));
  }

  private limitOf(action: ManualAction): number {
    if (action === 'test') return this.env.WEBHOOK_TEST_CALLS_PER_DAY;
    return action === 'retry' ? this.env.WEBHOOK_RETRY_CALLS_PER_DAY : this.env.WEBHOOK_RECOVER_CALLS_PER_DAY;
  }
}
