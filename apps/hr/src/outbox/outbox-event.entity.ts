import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const OUTBOX_EVENT_TYPES = [
  'employee.created',
  'employee.updated',
  'employee.terminated',
  'contract.activated',
  'contract.ended',
  'leave.approved',
  'leave.cancelled',
] as const;
export type OutboxEventType = (typeof OUTBOX_EVENT_TYPES)[number];

/**
 * A domain event, written in the transaction of the change it describes. The increasing id
 * is the consumers' cursor. `published_at` stays null while consumers pull the feed; it is
 * there for a relay that pushes events.
 */
@Entity({ name: 'outbox_events' })
export class OutboxEvent {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 50 })
  type: OutboxEventType;

  @Column({ name: 'aggregate_id', type: 'uuid' })
  aggregateId: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
