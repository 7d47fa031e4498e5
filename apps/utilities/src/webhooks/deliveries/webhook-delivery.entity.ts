import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The type of the event `POST /endpoints/:id/test` sends. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

/**
 * One event for one endpoint. `eventId` is the `webhook-id` every attempt sends (the receiver's
 * key to drop duplicates); `payload` is the exact body, signed anew at each attempt.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('idx_webhook_deliveries_endpoint_event', ['endpointId', 'eventId'], { unique: true })
@Index('idx_webhook_deliveries_endpoint_created', ['endpointId', 'createdAt', 'id'])
@Index('idx_webhook_deliveries_created', ['createdAt'])
// the list's status filter within the endpoint: in the list's order (page mode) and in the cursor's key's
@Index('idx_webhook_deliveries_endpoint_status_created', ['endpointId', 'status', 'createdAt', 'id'])
@Index('idx_webhook_deliveries_endpoint_status', ['endpointId', 'status', 'id'])
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 60 })
  eventType: string;

  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 12 })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  /**
   * A retry or a recovery asked for it again: each of its attempts counts as a webhook retry, the
   * first too (one that failed unattempted, its endpoint being disabled, costs nothing to make).
   */
  @Column({ name: 'retry_requested', type: 'boolean', default: false })
  retryRequested: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One attempt of a delivery: what the endpoint answered, or why there was no answer. */
@Entity({ name: 'webhook_delivery_attempts' })
@Index('idx_webhook_delivery_attempts_delivery', ['deliveryId', 'attempt'])
export class WebhookDeliveryAttempt {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @Column({ type: 'integer' })
  attempt: number;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  /** The first 1 KB of the response body. */
  @Column({ name: 'response_body', type: 'varchar', length: 1024, nullable: true })
  responseBody: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;
}
