import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

const bigintAsNumber = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

/**
 * A domain event, written in the transaction of the change it describes, in the schema of the
 * service that made the change (every service has this table). The relay gives it its `position`
 * in the service's feed when it publishes it, in the order it publishes, so that a consumer
 * following positions never skips an event that committed late.
 */
@Entity({ name: 'outbox_events' })
@Index('idx_outbox_events_position', ['position'], { unique: true, where: '"position" IS NOT NULL' })
@Index('idx_outbox_events_unpublished', ['occurredAt', 'id'], { where: '"position" IS NULL' })
export class OutboxEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 60 })
  type: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ type: 'smallint', default: 1 })
  version: number;

  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  position: number | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
