import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThanOrEqual } from 'typeorm';
import { QuotaPeriod, quotaPeriod, RateLimits, RateLimitStore, UsageByProduct } from '@platform/pipeline';
import { rateLimitsOf } from '../credentials/credentials.service';
import { DeveloperCredential } from '../credentials/developer-credential.entity';
import { Organization } from '../organizations/organization.entity';

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: RateLimitStore,
  ) {}

  async of(
    organization: Pick<Organization, 'id' | 'plan' | 'burstPerSecond' | 'monthlyQuota' | 'webhookRetries' | 'createdAt'>,
  ): Promise<OrganizationPeriodUsage> {
    const period = quotaPeriod(Math.floor(organization.createdAt.getTime() / 1000));
    const credentials = await this.dataSource.getRepository(DeveloperCredential).find({
      select: { id: true },
      where: [
        { organizationId: organization.id, revokedAt: IsNull() },
        { organizationId: organization.id, revokedAt: MoreThanOrEqual(period.start) },
      ],
    });
    const counted = await this.store.usage([organization.id, ...credentials.map((credential) => credential.id)], period.index);
    return { period, limits: rateLimitsOf(organization), counted };
  }
}
