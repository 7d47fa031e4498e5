import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A request a service served for a machine credential (the dashboard's recent requests). Kept
 * while among its organization's last 1,000, and errors for 7 days as well (RequestLogService.prune).
 */
@Entity({ name: 'request_log' })
@Index('idx_request_log_organization', ['organizationId', 'occurredAt'])
// the list's filters, newest first: a key's requests; the successes (an organization keeps at most 1,000 of them, and its errors besides)
@Index('idx_request_log_organization_credential', ['organizationId', 'credentialId', 'occurredAt', 'id'])
@Index('idx_request_log_organization_successes', ['organizationId', 'occurredAt', 'id'], { where: '"status" < 400' })
export class RequestLogEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ name: 'credential_id', type: 'uuid' })
  credentialId: string;

  @Column({ type: 'varchar', length: 20 })
  product: string;

  @Column({ type: 'varchar', length: 10 })
  method: string;

  @Column({ type: 'varchar', length: 200 })
  route: string;

  @Column({ type: 'smallint' })
  status: number;

  @Column({ name: 'duration_ms', type: 'real' })
  durationMs: number;

  @Column({ name: 'request_id', type: 'varchar', length: 128 })
  requestId: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;
}
