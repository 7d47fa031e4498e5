import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { Page } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { InboxFilterDto, ListInboxQueryDto } from './dto/notification.dto';
import { COMPANY_INBOX, InboxEntry } from './inbox-entry.entity';
import { Notification } from './notification.entity';
import { NotificationCategory } from './notification-preference.entity';

/** An inbox entry with its notification, as a list reads them. */
export type InboxRow = InboxEntry & { notification: Notification };

/** A category's unread count in an inbox. */
export interface UnreadRow {
  category: NotificationCategory;
  count: string | number;
}

/**
 * In-app inboxes (`notification_inbox`, each entry with its notification): the company's
 * (`recipient` left out, COMPANY_INBOX) and one per HR employee. Archived entries leave the inbox.
 */
@Injectable()
export class InboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first; an item is its notification within the inbox, so cursor mode pages by the notification's id. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { recipient: SAMPLE.otherId, page: 2, limit: 20 }], 'by recipient')
  @QuerySample([SAMPLE.companyId, { category: 'approval' as const, page: 2, limit: 20 }], 'by category')
  @QuerySample([SAMPLE.companyId, { unread: true, page: 2, limit: 20 }], 'unread')
  @QuerySample([SAMPLE.companyId, { unread: false, page: 2, limit: 20 }], 'read')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { recipient: SAMPLE.otherId, cursor: SAMPLE.cursor, limit: 20 }], 'by recipient, after a cursor')
  @QuerySample([SAMPLE.companyId, { category: 'approval' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by category, after a cursor')
  @QuerySample([SAMPLE.companyId, { unread: true, cursor: SAMPLE.cursor, limit: 20 }], 'unread, after a cursor')
  @QuerySample([SAMPLE.companyId, { unread: false, cursor: SAMPLE.cursor, limit: 20 }], 'read, after a cursor')
  listInboxPage(companyId: string, query: ListInboxQueryDto): Promise<Page<InboxRow>> {
    const builder = this.dataSource
      .getRepository(InboxEntry)
      .createQueryBuilder('entry')
      .innerJoinAndMapOne('entry.notification', Notification, 'notification', 'notification.id = entry.notificationId')
      .where('entry.companyId = :companyId AND entry.recipient = :recipient AND entry.archivedAt IS NULL', {
        companyId,
        recipient: query.recipient ?? COMPANY_INBOX,
      });
    if (query.category) builder.andWhere('entry.category = :category', { category: query.category });
    if (query.unread === true) builder.andWhere('entry.readAt IS NULL');
    if (query.unread === false) builder.andWhere('entry.readAt IS NOT NULL');
    builder.orderBy('entry.createdAt', 'DESC').addOrderBy('entry.notificationId', 'DESC');
    return findPage(builder, query, (entries) => entries as InboxRow[], { key: ['notificationId'] });
  }

  /** The notification's entry in the inbox, unless archived. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, COMPANY_INBOX])
  findEntry(companyId: string, notificationId: string, recipient: string): Promise<InboxEntry | null> {
    return this.dataSource.getRepository(InboxEntry).findOneBy({ companyId, notificationId, recipient, archivedAt: IsNull() });
  }

  /** An entry's notification. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  notificationOf(companyId: string, notificationId: string): Promise<Notification | null> {
    return this.dataSource.getRepository(Notification).findOneBy({ id: notificationId, companyId });
  }

  /** Sets an entry's read or archived time. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { readAt: new Date(0), updatedAt: new Date(0) }], 'read')
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { archivedAt: new Date(0), updatedAt: new Date(0) }], 'archived')
  async updateEntry(companyId: string, id: string, changes: Partial<Pick<InboxEntry, 'readAt' | 'archivedAt' | 'updatedAt'>>): Promise<void> {
    await this.dataSource.getRepository(InboxEntry).update({ id, companyId }, changes);
  }

  /** Marks every unread entry of the inbox read (of a category, when given); answers how many. */
  @QuerySample([SAMPLE.companyId, {}, new Date(0)])
  @QuerySample([SAMPLE.companyId, { recipient: SAMPLE.otherId, category: 'approval' as const }, new Date(0)], 'by recipient and category')
  async readAll(companyId: string, filter: InboxFilterDto, at: Date): Promise<number> {
    const result = await this.dataSource.getRepository(InboxEntry).update(
      {
        companyId,
        recipient: filter.recipient ?? COMPANY_INBOX,
        readAt: IsNull(),
        archivedAt: IsNull(),
        ...(filter.category ? { category: filter.category } : {}),
      },
      { readAt: at },
    );
    return result.affected ?? 0;
  }

  /** The inbox's unread entries, counted by category (categories with none left out). */
  @QuerySample([SAMPLE.companyId, COMPANY_INBOX])
  unreadCounts(companyId: string, recipient: string): Promise<UnreadRow[]> {
    return this.dataSource
      .getRepository(InboxEntry)
      .createQueryBuilder('entry')
      .select('entry.category', 'category')
      .addSelect('COUNT(*)', 'count')
      .where('entry.companyId = :companyId AND entry.recipient = :recipient AND entry.readAt IS NULL AND entry.archivedAt IS NULL', {
        companyId,
        recipient,
      })
      .groupBy('entry.category')
      .getRawMany<UnreadRow>();
  }
}
