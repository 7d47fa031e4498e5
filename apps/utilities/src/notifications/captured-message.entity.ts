import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message for a channel with no provider configured, captured instead of sent: the message as
 * a provider would have received it (the one-machine default). One row per delivery, however
 * often it is retried.
 */
@Entity({ name: 'captured_messages' })
@Index('uq_captured_messages_delivery', ['deliveryId'], { unique: true })
@Index('idx_captured_messages_company_created', ['companyId', 'createdAt'])
export class CapturedMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @Column({ type: 'varchar', length: 10 })
  channel: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
