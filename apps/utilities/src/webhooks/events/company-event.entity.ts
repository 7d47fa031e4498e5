import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '@platform/data';

/**
 * A domain event of any service, as utilities gathered it from that service's feed: what the
 * events API lists (30 days) and what webhook deliveries carry. `sequence` orders the events as
 * they became visible here, the cursor of the events API.
 */
@Entity({ name: 'events' })
@Index('idx_events_company_sequence', ['companyId', 'sequence'], { unique: true })
@Index('idx_events_received_at', ['receivedAt'])
export class CompanyEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'bigint', generated: 'increment', transformer: bigintToNumber, insert: false })
  sequence: number;

  @Column({ type: 'varchar', length: 20 })
  service: string;

  @Column({ type: 'varchar', length: 60 })
  type: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ type: 'smallint' })
  version: number;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()', insert: false })
  receivedAt: Date;
}

/** How far utilities has read each service's event feed. */
@Entity({ name: 'event_sources' })
export class EventSource {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  service: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  position: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
