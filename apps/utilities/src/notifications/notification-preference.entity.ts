import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const NOTIFICATION_CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A category never set starts from these: in-app, email and push on; SMS and WhatsApp off. */
export const DEFAULT_CHANNELS: Record<NotificationChannel, boolean> = { inApp: true, email: true, push: true, sms: false, whatsapp: false };

/** Which channels a company's notifications of one category use. */
@Entity({ name: 'notification_preferences' })
@Index('uq_notification_preferences_company_category', ['companyId', 'category'], { unique: true })
export class NotificationPreference {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'varchar', length: 20 })
  category: NotificationCategory;

  @Column({ name: 'in_app', type: 'boolean' })
  inApp: boolean;

  @Column({ type: 'boolean' })
  email: boolean;

  @Column({ type: 'boolean' })
  push: boolean;

  @Column({ type: 'boolean' })
  sms: boolean;

  @Column({ type: 'boolean' })
  whatsapp: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
