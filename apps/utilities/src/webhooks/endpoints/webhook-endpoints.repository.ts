import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { EndpointDisabledReason, WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointSecret } from './webhook-endpoint-secret.entity';

/** What an endpoint is created with (the company aside). */
export type EndpointFields = Pick<
  WebhookEndpoint,
  'organizationId' | 'createdByCredentialId' | 'createdByPeriodAnchor' | 'alertEmail' | 'url' | 'description' | 'eventTypes'
>;
/** What a change of an endpoint may set. */
export type EndpointChanges = Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'eventTypes' | 'alertEmail'>>;
/** An endpoint as the fan-out of events reads it. */
export type SubscribedEndpoint = Pick<WebhookEndpoint, 'id' | 'companyId' | 'eventTypes' | 'createdAt'>;
/** A signing secret, sealed, and whether its grace is over. */
export interface SecretRow {
  id: string;
  sealedSecret: string;
  expired: boolean;
}

const SAMPLE_ENDPOINT: EndpointFields = {
  organizationId: SAMPLE.otherId,
  createdByCredentialId: SAMPLE.otherId,
  createdByPeriodAnchor: 1,
  alertEmail: null,
  url: 'https://example.com/hooks',
  description: null,
  eventTypes: [],
};

/**
 * A company's webhook endpoints (`webhook_endpoints`) and their signing secrets
 * (`webhook_endpoint_secrets`, by endpoint: the endpoint's row, read or locked in the company
 * first, answers for the company). Deliveries read an endpoint by the id their job carries.
 */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Holds the company's endpoints until the transaction ends: concurrent creations cannot pass the cap together. */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  async lockCompanyEndpoints(companyId: string, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook-endpoints:${companyId}`]);
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  countEndpoints(companyId: string, manager: EntityManager): Promise<number> {
    return manager.countBy(WebhookEndpoint, { companyId });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_ENDPOINT, SAMPLE.tx])
  insertEndpoint(companyId: string, fields: EndpointFields, manager: EntityManager): Promise<WebhookEndpoint> {
    return manager.save(manager.create(WebhookEndpoint, { ...fields, companyId, disabledAt: null, disabledReason: null }));
  }

  /** Newest first. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listEndpointsPage(companyId: string, query: PageQueryDto): Promise<Page<WebhookEndpoint>> {
    return findPage(this.dataSource.getRepository(WebhookEndpoint), { companyId }, { createdAt: 'DESC', id: 'DESC' }, query, (rows) => rows);
  }

  /** Another company's endpoint is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findEndpoint(companyId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.dataSource.getRepository(WebhookEndpoint).findOneBy({ companyId, id });
  }

  /** The organization an endpoint belongs to (whose members may receive its alerts); null when not found. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async organizationOf(companyId: string, id: string): Promise<string | null> {
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOne({ where: { companyId, id }, select: { id: true, organizationId: true } });
    return endpoint?.organizationId ?? null;
  }

  /** Answers whether the endpoint was found. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { url: 'https://example.com/other', description: 'Other' }])
  async updateEndpoint(companyId: string, id: string, changes: EndpointChanges): Promise<boolean> {
    const result = await this.dataSource.getRepository(WebhookEndpoint).update({ companyId, id }, changes);
    return Boolean(result.affected);
  }

  /** Enables a disabled endpoint, clearing its reason and failing streak; one enabled already is left as it is. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async enableEndpoint(companyId: string, id: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(WebhookEndpoint)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .set({ disabledAt: null, disabledReason: null, failingSince: null })
      .andWhere('disabled_at IS NOT NULL')
      .execute();
  }

  /** Disables an enabled endpoint by hand; one disabled already keeps its reason and time. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async disableEndpointByHand(companyId: string, id: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(WebhookEndpoint)
      .where('id = :id AND company_id = :companyId', { id, companyId })
      .set({ disabledAt: () => 'now()', disabledReason: 'manual' })
      .andWhere('disabled_at IS NULL')
      .execute();
  }

  /** Deletes the endpoint, its secrets and deliveries with it; answers whether it was there. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  async deleteEndpoint(companyId: string, id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(WebhookEndpoint).delete({ companyId, id });
    return Boolean(result.affected);
  }

  /** Reads the company's endpoint and holds its row until the transaction ends (rotations of its secrets wait on it). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  lockEndpoint(companyId: string, id: string, manager: EntityManager): Promise<WebhookEndpoint | null> {
    return manager
      .createQueryBuilder(WebhookEndpoint, 'row')
      .where('row.id = :id AND row.companyId = :companyId', { id, companyId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** A new current secret of the company's endpoint, sealed (none when the endpoint is not the company's). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'sealed', SAMPLE.tx])
  async insertSecret(companyId: string, endpointId: string, sealedSecret: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "utilities"."webhook_endpoint_secrets" ("endpoint_id", "sealed_secret", "expires_at")
       SELECT "id", $3, NULL FROM "utilities"."webhook_endpoints" WHERE "id" = $2 AND "company_id" = $1`,
      [companyId, endpointId, sealedSecret],
    );
  }

  /**
   * Ends the grace of the endpoint's secrets (the company's endpoint, locked in this transaction)
   * in `graceSeconds` from the database's now, never later than each was already due to; answers
   * that time.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 3600, SAMPLE.tx])
  async expireSecrets(companyId: string, endpointId: string, graceSeconds: number, manager: EntityManager): Promise<Date> {
    const [{ until }] = (await manager.query('SELECT now() + make_interval(secs => $1) AS until', [graceSeconds])) as { until: Date }[];
    await manager
      .createQueryBuilder()
      .update(WebhookEndpointSecret)
      .set({ expiresAt: until })
      .where('endpoint_id = :id AND (expires_at IS NULL OR expires_at > :until)', { id: endpointId, until })
      .execute();
    return until;
  }

  /** Keeps only the newest `keep` secrets of the endpoint still in their grace (the company's endpoint, locked in this transaction). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 3, SAMPLE.tx])
  async prunePreviousSecrets(companyId: string, endpointId: string, keep: number, manager: EntityManager): Promise<void> {
    const kept = await manager
      .createQueryBuilder(WebhookEndpointSecret, 'secret')
      .select('secret.id', 'id')
      .where('secret.endpointId = :id AND secret.expiresAt > now()', { id: endpointId })
      .orderBy('secret.createdAt', 'DESC')
      .addOrderBy('secret.id', 'DESC')
      .limit(keep)
      .getRawMany<{ id: string }>();
    await manager
      .createQueryBuilder()
      .delete()
      .from(WebhookEndpointSecret)
      .where('endpoint_id = :id AND NOT (id = ANY(:kept))', { id: endpointId, kept: kept.map((row) => row.id) })
      .execute();
  }

  /**
   * The endpoint's secrets, sealed, for a delivery (whose job names no company): the current one
   * first, then the previous ones, newest first, each saying whether its grace is over.
   */
  @QuerySample([SAMPLE.id])
  secretsAcrossCompanies(endpointId: string): Promise<SecretRow[]> {
    return this.dataSource
      .createQueryBuilder(WebhookEndpointSecret, 'secret')
      .select('secret.id', 'id')
      .addSelect('secret.sealedSecret', 'sealedSecret')
      .addSelect('secret.expiresAt IS NOT NULL AND secret.expiresAt <= now()', 'expired')
      .where('secret.endpointId = :endpointId', { endpointId })
      .orderBy('secret.expiresAt IS NULL', 'DESC')
      .addOrderBy('secret.createdAt', 'DESC')
      .addOrderBy('secret.id', 'DESC')
      .getRawMany<SecretRow>();
  }

  /** Removes secrets whose grace is over, found by `secretsAcrossCompanies`. */
  @QuerySample([[SAMPLE.id]])
  async deleteSecretsAcrossCompanies(ids: string[]): Promise<void> {
    await this.dataSource.getRepository(WebhookEndpointSecret).delete({ id: In(ids) });
  }

  /** The enabled endpoints of the companies, for the fan-out of their new events (a page of every service's feed). */
  @QuerySample([[SAMPLE.companyId], SAMPLE.tx])
  subscribedEndpointsAcrossCompanies(companies: string[], manager: EntityManager): Promise<SubscribedEndpoint[]> {
    return manager
      .createQueryBuilder(WebhookEndpoint, 'endpoint')
      .select(['endpoint.id', 'endpoint.companyId', 'endpoint.eventTypes', 'endpoint.createdAt'])
      .where('endpoint.companyId IN (:...companies) AND endpoint.disabledAt IS NULL', { companies })
      .getMany();
  }

  /** An endpoint by the id a job carries (a delivery's, an alert's: they name no company). */
  @QuerySample([SAMPLE.id])
  findEndpointAcrossCompanies(id: string): Promise<WebhookEndpoint | null> {
    return this.dataSource.getRepository(WebhookEndpoint).findOneBy({ id });
  }

  /** The endpoint answered: its failing streak, if any, is over. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async endFailingStreak(companyId: string, id: string, manager: EntityManager): Promise<void> {
    await manager.update(WebhookEndpoint, { id, companyId, failingSince: Not(IsNull()) }, { failingSince: null });
  }

  /** The endpoint failed: its failing streak starts at `since` unless one is under way; answers when the streak started (null: deleted meanwhile). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, new Date(0), SAMPLE.tx])
  async startFailingStreak(companyId: string, id: string, since: Date, manager: EntityManager): Promise<Date | null> {
    await manager.update(WebhookEndpoint, { id, companyId, failingSince: IsNull() }, { failingSince: since });
    const current = await manager.findOne(WebhookEndpoint, { where: { id, companyId }, select: { id: true, failingSince: true } });
    return current?.failingSince ?? null;
  }

  /** Disables the endpoint for `reason`, once (a reason already given is kept); answers whether this call did. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'gone' as EndpointDisabledReason, SAMPLE.tx])
  async disableEndpoint(companyId: string, id: string, reason: EndpointDisabledReason, manager: EntityManager): Promise<boolean> {
    const updated = await manager
      .createQueryBuilder()
      .update(WebhookEndpoint)
      .set({ disabledAt: () => 'now()', disabledReason: reason })
      .where('id = :id AND company_id = :companyId AND disabled_at IS NULL', { id, companyId })
      .execute();
    return Boolean(updated.affected);
  }

  /** The endpoint as the transaction that changed it sees it (the event it records). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  readEndpoint(companyId: string, id: string, manager: EntityManager): Promise<WebhookEndpoint | null> {
    return manager.findOneBy(WebhookEndpoint, { id, companyId });
  }

  /** Notes that the company is alerted of the endpoint now, unless it was within the last day; answers whether it is due. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  async takeAlertTurn(companyId: string, id: string, manager: EntityManager): Promise<boolean> {
    const due = await manager
      .createQueryBuilder()
      .update(WebhookEndpoint)
      .set({ lastAlertAt: () => 'now()' })
      .where(`id = :id AND company_id = :companyId AND (last_alert_at IS NULL OR last_alert_at <= now() - interval '1 day')`, { id, companyId })
      .execute();
    return Boolean(due.affected);
  }
}
