import { Injectable } from '@nestjs/common';
import { QuotaPeriod, quotaPeriod, RateLimits, RateLimitStore, UsageByProduct } from '@platform/pipeline';
import { rateLimitsOf } from '../credentials/credentials.service';
import { Organization } from '../organizations/organization.entity';
import { RequestLogRepository } from './request-log.repository';

export interface OrganizationPeriodUsage {
  period: QuotaPeriod;
  limits: RateLimits;
  /** API requests by product, webhook retries, link downloads */
  counted: UsageByProduct;
}

/**
 * An organization's usage of its current 30-day period, from the counters: its API requests by
 * product (the quota its keys share), and the webhook retries and link downloads counted for the
 * key that created the endpoint or published the file (for the organization when a person did),
 * summed over its keys that were live in the period, in one read of the store.
 */
@Injectable()
export class PeriodUsage {
  constructor(
    private readonly repository: RequestLogRepository,
    private readonly store: RateLimitStore,
  ) {}

  async of(
    organization: Pick<Organization, 'id' | 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries' | 'createdAt'>,
  ): Promise<OrganizationPeriodUsage> {
    const period = quotaPeriod(Math.floor(organization.createdAt.getTime() / 1000));
    const keys = await this.repository.listKeysLiveSince(organization.id, period.start);
    const counted = await this.store.usage([organization.id, ...keys], period.index);
    return { period, limits: rateLimitsOf(organization), counted };
  }
}
