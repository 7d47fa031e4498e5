import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What people and keys did to an organization, append-only (the table refuses UPDATE and
 * DELETE): who (user or credential, with the email at the time), what, to what, from which address.
 * A person's own change (a sign-in, a password) is written once in the log of each organization
 * they are a member of at the time, or once with no organization when they are in none. An
 * organization's log, whatever its filter, is then one range of one index, newest first.
 */
@Entity({ name: 'audit_log' })
@Index('idx_audit_log_organization', ['organizationId', 'occurredAt', 'id'])
@Index('idx_audit_log_organization_action', ['organizationId', 'action', 'occurredAt', 'id'])
@Index('idx_audit_log_organization_actor', ['organizationId', 'actorUserId', 'occurredAt', 'id'])
export class AuditEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId: string | null;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ name: 'target_type', type: 'varchar', length: 40, nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'varchar', length: 100, nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;
}
