import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, PageRequest, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { User } from '../accounts/user.entity';
import { Membership } from '../organizations/membership.entity';
import { AuditEntry } from './audit-entry.entity';

/** What an entry says (its organization, keys and time aside). */
export type AuditFields = Pick<AuditEntry, 'actorUserId' | 'actorEmail' | 'action' | 'targetType' | 'targetId' | 'data' | 'ipAddress'>;

export interface AuditFilter {
  action?: string;
  actorUserId?: string;
  from?: string;
  to?: string;
}

const SAMPLE_ENTRY: AuditFields = {
  actorUserId: SAMPLE.id,
  actorEmail: 'someone@example.com',
  action: 'session.created',
  targetType: null,
  targetId: null,
  data: {},
  ipAddress: '127.0.0.1',
};
const PAGE = { page: 2, limit: 20 };

/**
 * The audit log (`audit_log`), append-only. An organization's entries take it first; a person's
 * own change, written in the log of each organization they are a member of (or with none), takes
 * the person first.
 */
@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** An entry of one organization (or of none: a system change, or a person in no organization). */
  @QuerySample([SAMPLE.companyId, SAMPLE_ENTRY, SAMPLE.tx])
  async insertEntry(organizationId: string | null, fields: AuditFields, manager: EntityManager): Promise<void> {
    await manager.insert(AuditEntry, { ...fields, data: fields.data as never, organizationId });
  }

  /** A person's own change: a row per membership of theirs now, in one statement, or one row of no organization (the outer join's) when there is none. */
  @QuerySample([SAMPLE.id, SAMPLE_ENTRY, SAMPLE.tx])
  async insertEntryPerMembership(userId: string, fields: AuditFields, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO ${qualifiedTable(manager.connection, AuditEntry)} ("organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address")
       SELECT "m"."organization_id", $1::uuid, $2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::jsonb, $7::varchar
       FROM (SELECT 1) AS "one" LEFT JOIN ${qualifiedTable(manager.connection, Membership)} AS "m" ON "m"."user_id" = $1::uuid`,
      [userId, fields.actorEmail, fields.action, fields.targetType, fields.targetId, JSON.stringify(fields.data), fields.ipAddress],
    );
  }

  /** An entry another service reports, at the time it says (on its own; the sample's transaction keeps the append-only log empty). */
  @QuerySample([SAMPLE.companyId, SAMPLE_ENTRY, new Date(0), SAMPLE.tx])
  async insertReportedEntry(organizationId: string, fields: AuditFields, occurredAt: Date, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(AuditEntry, { ...fields, data: fields.data as never, organizationId, occurredAt });
  }

  /** The person's email as it is now, or null. */
  @QuerySample([SAMPLE.id])
  async findUserEmail(userId: string): Promise<string | null> {
    return (await this.dataSource.getRepository(User).findOne({ select: { email: true }, where: { id: userId } }))?.email ?? null;
  }

  /** An organization's log, newest first: one range of one of its indexes, whatever the filter. */
  @QuerySample([SAMPLE.companyId, {}, PAGE])
  @QuerySample([SAMPLE.companyId, { action: 'key.created' }, PAGE], 'by action')
  @QuerySample([SAMPLE.companyId, { actorUserId: SAMPLE.id }, PAGE], 'by actor')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01T00:00:00Z' }, PAGE], 'from a time')
  @QuerySample([SAMPLE.companyId, { to: '2026-12-31T00:00:00Z' }, PAGE], 'to a time')
  @QuerySample([SAMPLE.companyId, { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' }, PAGE], 'over a range')
  listEntriesPage(organizationId: string, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    const builder = this.dataSource.getRepository(AuditEntry).createQueryBuilder('row').where('row.organizationId = :organizationId', { organizationId });
    if (filter.action) builder.andWhere('row.action = :action', { action: filter.action });
    if (filter.actorUserId) builder.andWhere('row.actorUserId = :actorUserId', { actorUserId: filter.actorUserId });
    if (filter.from) builder.andWhere('row.occurredAt >= :from', { from: filter.from });
    if (filter.to) builder.andWhere('row.occurredAt < :to', { to: filter.to });
    builder.orderBy('row.occurredAt', 'DESC').addOrderBy('row.id', 'DESC');
    return findPage(builder, page);
  }
}
