import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Channels delivered by a provider in the background (inApp is written at send time). */
export const DELIVERY_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One notification to one address over one channel. Pending rows are claimed by the delivery
 * worker when `nextAttemptAt` is due; a claim pushes `nextAttemptAt` out by a lease, so a
 * delivery whose sender died is retried by another instance. Never deleted.
 */
@Entity({ name: 'notification_deliveries' })
@Index('idx_notification_deliveries_due', ['status', 'nextAttemptAt'])
@Index('idx_notification_deliveries_notification', ['notificationId'])
export class NotificationDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'notification_id', type: 'uuid' })
  notificationId: string;

  @Column({ type: 'varchar', length: 10 })
  channel: DeliveryChannel;

  /** Email address, E.164 phone number, or the employee id for push. */
  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ name: 'employee_id', type: 'uuid', nullable: true })
  employeeId: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
