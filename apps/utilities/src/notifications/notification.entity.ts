import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationCategory, NotificationChannel } from './notification-preference.entity';

/** What the send decided for one channel; delivery itself runs in the background. */
export const CHANNEL_OUTCOMES = ['delivered', 'queued', 'skipped_by_preference', 'not_applicable', 'not_requested'] as const;
export type ChannelOutcome = (typeof CHANNEL_OUTCOMES)[number];

export interface ChannelDecision {
  outcome: ChannelOutcome;
  /** Inbox entries written (inApp) or deliveries queued for this channel. */
  recipients: number;
}

/** One notification as it was sent: content, recipients asked for and the per-channel decision. */
@Entity({ name: 'notifications' })
@Index('idx_notifications_company_created', ['companyId', 'createdAt'])
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 20 })
  category: NotificationCategory;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null;

  /** As sent: employee ids, emails, phone numbers; empty for the company inbox. */
  @Column({ type: 'jsonb' })
  recipients: string[];

  @Column({ type: 'jsonb' })
  channels: Record<NotificationChannel, ChannelDecision>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
