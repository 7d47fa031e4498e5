import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AttemptOutcome = 'sent' | 'failed';

/** Every attempt at a delivery, successful or not. */
@Entity({ name: 'notification_delivery_attempts' })
@Index('idx_notification_delivery_attempts_delivery', ['deliveryId', 'attemptedAt'])
export class DeliveryAttempt {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;

  @Column({ type: 'varchar', length: 10 })
  outcome: AttemptOutcome;

  /** smtp, http or outbox */
  @Column({ type: 'varchar', length: 10 })
  provider: string;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;
}
