import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { Page, PlatformException } from '@platform/pipeline';
import { findPage } from '@platform/data';
import { InboxFilterDto, ListInboxQueryDto } from './dto/notification.dto';
import { COMPANY_INBOX, InboxEntry } from './inbox-entry.entity';
import { Notification } from './notification.entity';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from './notification-preference.entity';

export interface InboxItem {
  id: string;
  recipient: string;
  category: NotificationCategory;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
  read: boolean;
  readAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UnreadCounts {
  recipient: string;
  total: number;
  byCategory: Record<NotificationCategory, number>;
}

function item(entry: InboxEntry, notification: Notification): InboxItem {
  return {
    id: notification.id,
    recipient: entry.recipient,
    category: notification.category,
    title: notification.title,
    body: notification.body,
    data: notification.data,
    read: entry.readAt !== null,
    readAt: entry.readAt,
    archivedAt: entry.archivedAt,
    createdAt: notification.createdAt,
    updatedAt: entry.updatedAt,
  };
}

/**
 * In-app inboxes: the company's (`recipient` left out) and one per HR employee
 * (`recipient=<employee id>`). An item is addressed by its notification id within an inbox;
 * archived items leave the inbox (lists, counts, read state).
 */
@Injectable()
export class InboxService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(companyId: string, query: ListInboxQueryDto): Promise<Page<InboxItem>> {
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
    // an item is its notification within the inbox: cursor mode pages by that id
    return findPage(builder, query, (entries) => entries.map((entry) => item(entry, (entry as InboxEntry & { notification: Notification }).notification)), {
      key: ['notificationId'],
    });
  }

  async markRead(companyId: string, id: string, recipient: string | undefined, read: boolean): Promise<InboxItem> {
    const entry = await this.entry(companyId, id, recipient);
    // Reading twice keeps the first read time.
    if (read !== (entry.readAt !== null)) {
      entry.updatedAt = new Date();
      entry.readAt = read ? entry.updatedAt : null;
      await this.dataSource.getRepository(InboxEntry).update({ id: entry.id }, { readAt: entry.readAt, updatedAt: entry.updatedAt });
    }
    return this.view(entry);
  }

  async readAll(companyId: string, filter: InboxFilterDto): Promise<{ updated: number }> {
    const result = await this.dataSource.getRepository(InboxEntry).update(
      {
        companyId,
        recipient: filter.recipient ?? COMPANY_INBOX,
        readAt: IsNull(),
        archivedAt: IsNull(),
        ...(filter.category ? { category: filter.category } : {}),
      },
      { readAt: new Date() },
    );
    return { updated: result.affected ?? 0 };
  }

  async archive(companyId: string, id: string, recipient: string | undefined): Promise<InboxItem> {
    const entry = await this.entry(companyId, id, recipient);
    entry.archivedAt = entry.updatedAt = new Date();
    await this.dataSource.getRepository(InboxEntry).update({ id: entry.id }, { archivedAt: entry.archivedAt, updatedAt: entry.updatedAt });
    return this.view(entry);
  }

  async unreadCounts(companyId: string, recipient: string | undefined): Promise<UnreadCounts> {
    const rows = await this.dataSource
      .getRepository(InboxEntry)
      .createQueryBuilder('entry')
      .select('entry.category', 'category')
      .addSelect('COUNT(*)', 'count')
      .where('entry.companyId = :companyId AND entry.recipient = :recipient AND entry.readAt IS NULL AND entry.archivedAt IS NULL', {
        companyId,
        recipient: recipient ?? COMPANY_INBOX,
      })
      .groupBy('entry.category')
      .getRawMany<{ category: NotificationCategory; count: string | number }>();
    const byCategory = Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, 0])) as Record<NotificationCategory, number>;
    for (const row of rows) byCategory[row.category] = Number(row.count);
    return { recipient: recipient ?? COMPANY_INBOX, total: Object.values(byCategory).reduce((sum, count) => sum + count, 0), byCategory };
  }

  private async entry(companyId: string, notificationId: string, recipient: string | undefined): Promise<InboxEntry> {
    const entry = await this.dataSource
      .getRepository(InboxEntry)
      .findOneBy({ companyId, notificationId, recipient: recipient ?? COMPANY_INBOX, archivedAt: IsNull() });
    if (!entry) throw new PlatformException('NOTIFICATION_NOT_FOUND');
    return entry;
  }

  private async view(entry: InboxEntry): Promise<InboxItem> {
    const notification = await this.dataSource.getRepository(Notification).findOneByOrFail({ id: entry.notificationId });
    return item(entry, notification);
  }
}
