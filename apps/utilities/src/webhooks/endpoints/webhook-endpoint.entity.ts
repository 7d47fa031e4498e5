import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ENDPOINT_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
/** `manual`: by the API; `gone`: the receiver answered 410; `failing`: five days of failed deliveries. */
export type EndpointDisabledReason = (typeof ENDPOINT_DISABLED_REASONS)[number];

/**
 * Where a company's events are delivered. Tenant-owned (`company_id`); the organization and the
 * credential that created it are kept for what deliveries need later (webhook retries are
 * metered on the creating credential).
 */
@Entity({ name: 'webhook_endpoints' })
@Index('idx_webhook_endpoints_company_id', ['companyId', 'id'])
@Index('idx_webhook_endpoints_company_created', ['companyId', 'createdAt', 'id'])
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ name: 'created_by_credential_id', type: 'uuid' })
  createdByCredentialId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  /** The event types delivered here; empty: every type. */
  @Column({ name: 'event_types', type: 'text', array: true, default: () => "'{}'" })
  eventTypes: string[];

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 30, nullable: true })
  disabledReason: EndpointDisabledReason | null;

  /**
   * Where the company is told when the endpoint is disabled for failing: the verified address of a
   * member of the organization (checked when set and before each alert); null: the company inbox.
   */
  @Column({ name: 'alert_email', type: 'varchar', length: 254, nullable: true })
  alertEmail: string | null;

  /** When its last alert was queued: at most one a day, however often it is disabled. */
  @Column({ name: 'last_alert_at', type: 'timestamptz', nullable: true })
  lastAlertAt: Date | null;

  /** Since when every attempt has failed; null after a success. Past WEBHOOK_DISABLE_AFTER_MS, the endpoint is disabled. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  /** The creating credential's quota period anchor (its organization's start), to meter retries in the right period. */
  @Column({ name: 'created_by_period_anchor', type: 'integer', nullable: true })
  createdByPeriodAnchor: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
