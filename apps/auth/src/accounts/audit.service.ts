import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AuthContract } from '@platform/contracts';
import { Page } from '@platform/pipeline';
import { findPage, PageRequest, qualifiedTable } from '@platform/data';
import { AuditEntry, Membership, User } from './account.entities';

/** Who did something, from where: a signed-in person (the gateway's session) or the system. */
export interface Actor {
  userId: string | null;
  email: string | null;
  ipAddress: string | null;
}

export interface AuditRecord {
  organizationId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  data?: Record<string, unknown>;
}

export interface AuditFilter {
  action?: string;
  actorUserId?: string;
  from?: string;
  to?: string;
}

export interface AuditEntryView {
  id: string;
  action: string;
  actor: { userId: string | null; email: string | null };
  target: { type: string; id: string } | null;
  data: Record<string, unknown>;
  ipAddress: string | null;
  occurredAt: Date;
}

function view(entry: AuditEntry): AuditEntryView {
  return {
    id: entry.id,
    action: entry.action,
    actor: { userId: entry.actorUserId, email: entry.actorEmail },
    target: entry.targetType && entry.targetId ? { type: entry.targetType, id: entry.targetId } : null,
    data: entry.data,
    ipAddress: entry.ipAddress,
    occurredAt: entry.occurredAt,
  };
}

/** The append-only audit log: written in the transaction of the change it records. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a change. A person's own change (no organization: a sign-in, a password) goes in the
   * log of each organization they are a member of now, in one statement, or once with no
   * organization when they are in none: at most ORGANIZATIONS_PER_USER rows, the memberships a
   * person may hold, so that every filter of an organization's log stays one range of its index.
   */
  async record(manager: EntityManager, actor: Actor, record: AuditRecord): Promise<void> {
    const entry = {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      data: (record.data ?? {}) as never,
      ipAddress: actor.ipAddress?.slice(0, 64) ?? null,
    };
    if (record.organizationId || !actor.userId) {
      await manager.insert(AuditEntry, { ...entry, organizationId: record.organizationId });
      return;
    }
    // a row per membership, or one row of no organization (the outer join's) when there is none
    await manager.query(
      `INSERT INTO ${qualifiedTable(manager.connection, AuditEntry)} ("organization_id", "actor_user_id", "actor_email", "action", "target_type", "target_id", "data", "ip_address")
       SELECT "m"."organization_id", $1::uuid, $2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::jsonb, $7::varchar
       FROM (SELECT 1) AS "one" LEFT JOIN ${qualifiedTable(manager.connection, Membership)} AS "m" ON "m"."user_id" = $1::uuid`,
      [entry.actorUserId, entry.actorEmail, entry.action, entry.targetType, entry.targetId, JSON.stringify(entry.data), entry.ipAddress],
    );
  }

  /**
   * A change another service made (utilities' webhook endpoints): by a person (their email as
   * it is now) or a key (its id in `data.credentialId`), at the time the service says.
   */
  async recordFromService(record: AuthContract.AuditRecord): Promise<void> {
    const email = record.actorUserId
      ? ((await this.dataSource.getRepository(User).findOne({ select: { email: true }, where: { id: record.actorUserId } }))?.email ?? null)
      : null;
    await this.dataSource.getRepository(AuditEntry).insert({
      organizationId: record.organizationId,
      actorUserId: record.actorUserId,
      actorEmail: email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      data: { ...record.data, ...(record.actorCredentialId ? { credentialId: record.actorCredentialId } : {}) } as never,
      ipAddress: record.ipAddress?.slice(0, 64) ?? null,
      occurredAt: new Date(record.at),
    });
  }

  /** An organization's log, newest first: one range of one of its indexes, whatever the filter. */
  list(organizationId: string, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntryView>> {
    const builder = this.dataSource.getRepository(AuditEntry).createQueryBuilder('row').where('row.organizationId = :organizationId', { organizationId });
    if (filter.action) builder.andWhere('row.action = :action', { action: filter.action });
    if (filter.actorUserId) builder.andWhere('row.actorUserId = :actorUserId', { actorUserId: filter.actorUserId });
    if (filter.from) builder.andWhere('row.occurredAt >= :from', { from: filter.from });
    if (filter.to) builder.andWhere('row.occurredAt < :to', { to: filter.to });
    builder.orderBy('row.occurredAt', 'DESC').addOrderBy('row.id', 'DESC');
    return findPage(builder, page, (rows) => rows.map(view));
  }
}
