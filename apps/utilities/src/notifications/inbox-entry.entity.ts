import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationCategory } from './notification-preference.entity';

/** The inbox of the company itself; an employee's inbox is keyed by the HR employee id. */
export const COMPANY_INBOX = 'company';

/** A notification in one in-app inbox, with that inbox's read and archived state. */
@Entity({ name: 'notification_inbox' })
@Index('idx_notification_inbox_company_recipient_notification', ['companyId', 'recipient', 'notificationId'])
@Index('idx_notification_inbox_company_recipient_updated', ['companyId', 'recipient', 'updatedAt'])
@Index('uq_notification_inbox_notification_recipient', ['notificationId', 'recipient'], { unique: true })
@Index('idx_notification_inbox_listing', ['companyId', 'recipient', 'createdAt'])
// an inbox's unread entries (not archived), what an inbox is most asked for: in its order (page mode) and in the cursor's key's;
// its other filters walk the one recipient's entries
@Index('idx_notification_inbox_unread_listing', ['companyId', 'recipient', 'createdAt', 'notificationId'], {
  where: '"read_at" IS NULL AND "archived_at" IS NULL',
})
@Index('idx_notification_inbox_unread', ['companyId', 'recipient', 'notificationId'], { where: '"read_at" IS NULL AND "archived_at" IS NULL' })
export class InboxEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'notification_id', type: 'uuid' })
  notificationId: string;

  /** `company` or an HR employee id. */
  @Column({ type: 'varchar', length: 36 })
  recipient: string;

  /** The notification's, kept here so the inbox filters and counts without a join. */
  @Column({ type: 'varchar', length: 20 })
  category: NotificationCategory;

  /** The notification's creation time: inboxes list newest first. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
