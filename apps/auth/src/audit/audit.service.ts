import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthContract } from '@platform/contracts';
import { Page } from '@platform/pipeline';
import { PageRequest } from '@platform/data';
import { AuditEntry } from './audit-entry.entity';
import { AuditFields, AuditFilter, AuditRepository } from './audit.repository';

export type { AuditFilter };

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
  constructor(private readonly repository: AuditRepository) {}

  /**
   * Records a change. A person's own change (no organization: a sign-in, a password) goes in the
   * log of each organization they are a member of now, in one statement, or once with no
   * organization when they are in none: at most ORGANIZATIONS_PER_USER rows, the memberships a
   * person may hold, so that every filter of an organization's log stays one range of its index.
   */
  async record(manager: EntityManager, actor: Actor, record: AuditRecord): Promise<void> {
    const entry: AuditFields = {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      data: (record.data ?? {}) as never,
      ipAddress: actor.ipAddress?.slice(0, 64) ?? null,
    };
    if (record.organizationId || !actor.userId) await this.repository.insertEntry(record.organizationId, entry, manager);
    else await this.repository.insertEntryPerMembership(actor.userId, entry, manager);
  }

  /**
   * A change another service made (utilities' webhook endpoints): by a person (their email as
   * it is now) or a key (its id in `data.credentialId`), at the time the service says.
   */
  async recordFromService(record: AuthContract.AuditRecord): Promise<void> {
    const email = record.actorUserId ? await this.repository.findUserEmail(record.actorUserId) : null;
    await this.repository.insertReportedEntry(
      record.organizationId,
      {
        actorUserId: record.actorUserId,
        actorEmail: email,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        data: { ...record.data, ...(record.actorCredentialId ? { credentialId: record.actorCredentialId } : {}) } as never,
        ipAddress: record.ipAddress?.slice(0, 64) ?? null,
      },
      new Date(record.at),
    );
  }

  /** An organization's log, newest first: one range of one of its indexes, whatever the filter. */
  async list(organizationId: string, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntryView>> {
    const entries = await this.repository.listEntriesPage(organizationId, filter, page);
    return { ...entries, items: entries.items.map(view) };
  }
}
