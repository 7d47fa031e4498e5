import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThanOrEqual } from 'typeorm';
import { AuthContract } from '@platform/contracts';
import { Page } from '@platform/pipeline';
import { findPage, PageRequest, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { DeveloperCredential } from '../credentials/developer-credential.entity';
import { Organization } from '../organizations/organization.entity';
import { DailyUsage } from './daily-usage.entity';
import { RequestLogEntry } from './request-log-entry.entity';

export interface RequestFilter {
  credentialId?: string;
  outcome?: 'success' | 'error';
  from?: string;
  to?: string;
}

/** A key and what its quota period is counted from: its organization's creation. */
export interface KeyOfOrganization {
  id: string;
  organization_id: string;
  created_at: Date;
}

const PAGE = { page: 2, limit: 20 };
const SAMPLE_ITEM: AuthContract.RequestRecord = {
  organizationId: SAMPLE.companyId,
  credentialId: SAMPLE.id,
  product: 'hr',
  method: 'GET',
  route: '/api/v1/hr/employees',
  status: 200,
  durationMs: 1.5,
  requestId: 'sample',
  at: Date.UTC(2026, 2, 31),
};
const SAMPLE_COUNT: AuthContract.UsageCount = { organizationId: SAMPLE.companyId, day: SAMPLE.date, credentialId: SAMPLE.id, product: 'hr', requests: 1 };

/**
 * The request log (`request_log`) and the requests counted by day (`daily_usage`). A batch the
 * services send holds the requests of many organizations, and the pruning looks at every active
 * organization: those methods end in AcrossCompanies.
 */
@Injectable()
export class RequestLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A batch's requests, of any organizations, in one statement. */
  @QuerySample([[SAMPLE_ITEM], SAMPLE.tx])
  async insertRequestsAcrossCompanies(items: AuthContract.RequestRecord[], manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO ${qualifiedTable(this.dataSource, RequestLogEntry)} ("organization_id", "credential_id", "product", "method", "route", "status", "duration_ms", "request_id", "occurred_at") ` +
        'SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::smallint[], $7::real[], $8::varchar[], $9::timestamptz[])',
      [
        items.map((item) => item.organizationId),
        items.map((item) => item.credentialId),
        items.map((item) => item.product),
        items.map((item) => item.method),
        items.map((item) => item.route),
        items.map((item) => item.status),
        items.map((item) => item.durationMs),
        items.map((item) => item.requestId),
        items.map((item) => new Date(item.at)),
      ],
    );
  }

  /** A batch's counts, of any organizations, added to their days in one statement (each row once, in the caller's order). */
  @QuerySample([[SAMPLE_COUNT], SAMPLE.tx])
  async addDailyUsageAcrossCompanies(usage: AuthContract.UsageCount[], manager: EntityManager): Promise<void> {
    const table = qualifiedTable(this.dataSource, DailyUsage);
    await manager.query(
      `INSERT INTO ${table} ("organization_id", "day", "credential_id", "product", "requests") SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::varchar[], $5::int[]) ` +
        `ON CONFLICT ("organization_id", "day", "credential_id", "product") DO UPDATE SET "requests" = ${table}."requests" + EXCLUDED."requests"`,
      [
        usage.map((row) => row.organizationId),
        usage.map((row) => row.day),
        usage.map((row) => row.credentialId),
        usage.map((row) => row.product),
        usage.map((row) => row.requests),
      ],
    );
  }

  /** Recent requests of an organization, newest first. */
  @QuerySample([SAMPLE.companyId, {}, PAGE])
  @QuerySample([SAMPLE.companyId, { credentialId: SAMPLE.id }, PAGE], 'by key')
  @QuerySample([SAMPLE.companyId, { outcome: 'error' as const }, PAGE], 'errors')
  @QuerySample([SAMPLE.companyId, { outcome: 'success' as const }, PAGE], 'successes')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01T00:00:00Z' }, PAGE], 'from a time')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31T00:00:00Z' }, PAGE], 'to a time')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' }, PAGE], 'over a range')
  listRequestsPage(organizationId: string, filter: RequestFilter, page: PageRequest): Promise<Page<RequestLogEntry>> {
    const builder = this.dataSource.getRepository(RequestLogEntry).createQueryBuilder('row').where('row.organizationId = :organizationId', { organizationId });
    if (filter.credentialId) builder.andWhere('row.credentialId = :credentialId', { credentialId: filter.credentialId });
    if (filter.outcome) builder.andWhere(filter.outcome === 'error' ? 'row.status >= 400' : 'row.status < 400');
    if (filter.from) builder.andWhere('row.occurredAt >= :from', { from: filter.from });
    if (filter.to) builder.andWhere('row.occurredAt < :to', { to: filter.to });
    builder.orderBy('row.occurredAt', 'DESC').addOrderBy('row.id', 'DESC');
    return findPage(builder, page);
  }

  /** The names of the organization's keys of these ids (a page's, when it has rows). */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  async credentialNames(organizationId: string, credentialIds: string[]): Promise<Map<string, string>> {
    const credentials = await this.dataSource
      .getRepository(DeveloperCredential)
      .find({ select: { id: true, name: true }, where: credentialIds.map((id) => ({ id, organizationId })) });
    return new Map(credentials.map((credential) => [credential.id, credential.name]));
  }

  /** Requests by UTC day and product over [from, to]. */
  @QuerySample([SAMPLE.companyId, '2026-03-01', SAMPLE.date])
  dailyUsage(organizationId: string, from: string, to: string): Promise<Array<{ day: string; product: string; requests: number }>> {
    return this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS day, "product", sum("requests")::int AS requests FROM ${qualifiedTable(this.dataSource, DailyUsage)} WHERE "organization_id" = $1 AND "day" BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
      [organizationId, from, to],
    );
  }

  /** The organization's keys live at some time since `since` (not revoked, or revoked since). */
  @QuerySample([SAMPLE.companyId, new Date(0)])
  async listKeysLiveSince(organizationId: string, since: Date): Promise<string[]> {
    const credentials = await this.dataSource.getRepository(DeveloperCredential).find({
      select: { id: true },
      where: [
        { organizationId, revokedAt: IsNull() },
        { organizationId, revokedAt: MoreThanOrEqual(since) },
      ],
    });
    return credentials.map((credential) => credential.id);
  }

  /** The organizations that made requests in the last 8 days (the daily usage says which): those with anything new to prune. */
  @QuerySample([])
  async listActiveOrganizationsAcrossCompanies(): Promise<string[]> {
    const rows: Array<{ organization_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT "organization_id" FROM ${qualifiedTable(this.dataSource, DailyUsage)} WHERE "day" >= current_date - 8`,
    );
    return rows.map((row) => row.organization_id);
  }

  /** When the organization's `kept`-th newest request happened (one step down its index), or null when it has fewer. */
  @QuerySample([SAMPLE.companyId, 1000])
  async findKeptCut(organizationId: string, kept: number): Promise<Date | null> {
    const [cut]: Array<{ occurred_at: Date }> = await this.dataSource.query(
      `SELECT "occurred_at" FROM ${qualifiedTable(this.dataSource, RequestLogEntry)} WHERE "organization_id" = $1 ORDER BY "occurred_at" DESC, "id" DESC OFFSET $2 LIMIT 1`,
      [organizationId, kept - 1],
    );
    return cut?.occurred_at ?? null;
  }

  /** Deletes up to `chunk` of the organization's requests older than `cut`: successes, and errors older than `errorsKeptDays`. Answers how many. */
  @QuerySample([SAMPLE.companyId, new Date(0), 7, 5000])
  async deleteOlderRequests(organizationId: string, cut: Date, errorsKeptDays: number, chunk: number): Promise<number> {
    const table = qualifiedTable(this.dataSource, RequestLogEntry);
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${table} WHERE "id" IN (SELECT "id" FROM ${table} WHERE "organization_id" = $1 AND "occurred_at" < $2 AND ("status" < 400 OR "occurred_at" < now() - make_interval(days => $3)) LIMIT $4)`,
      [organizationId, cut, errorsKeptDays, chunk],
    );
    return count;
  }

  /** A page of every organization's keys after `after` in id order, with their organization's creation. */
  @QuerySample([SAMPLE.id, 1000])
  listKeysAfterAcrossCompanies(after: string, limit: number): Promise<KeyOfOrganization[]> {
    return this.dataSource.query(
      `SELECT c.id, c.organization_id, o.created_at FROM ${qualifiedTable(this.dataSource, DeveloperCredential)} c JOIN ${qualifiedTable(this.dataSource, Organization)} o ON o.id = c.organization_id ` +
        'WHERE c.id > $1 ORDER BY c.id LIMIT $2',
      [after, limit],
    );
  }
}
