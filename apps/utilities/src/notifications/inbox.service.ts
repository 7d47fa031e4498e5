import { Injectable } from '@nestjs/common';
import { Page, PlatformException } from '@platform/pipeline';
import { InboxFilterDto, ListInboxQueryDto } from './dto/notification.dto';
import { COMPANY_INBOX, InboxEntry } from './inbox-entry.entity';
import { Notification } from './notification.entity';
import { NOTIFICATION_CATEGORIES, NotificationCategory } from './notification-preference.entity';
import { InboxRepository } from './inbox.repository';

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
  constructor(private readonly inbox: InboxRepository) {}

  async list(companyId: string, query: ListInboxQueryDto): Promise<Page<InboxItem>> {
    const page = await this.inbox.listInboxPage(companyId, query);
    return { ...page, items: page.items.map((entry) => item(entry, entry.notification)) };
  }

  async markRead(companyId: string, id: string, recipient: string | undefined, read: boolean): Promise<InboxItem> {
    const entry = await this.entry(companyId, id, recipient);
    // Reading twice keeps the first read time.
    if (read !== (entry.readAt !== null)) {
      entry.updatedAt = new Date();
      entry.readAt = read ? entry.updatedAt : null;
      await this.inbox.updateEntry(companyId, entry.id, { readAt: entry.readAt, updatedAt: entry.updatedAt });
    }
    return this.view(entry);
  }

  async readAll(companyId: string, filter: InboxFilterDto): Promise<{ updated: number }> {
    return { updated: await this.inbox.readAll(companyId, filter, new Date()) };
  }

  async archive(companyId: string, id: string, recipient: string | undefined): Promise<InboxItem> {
    const entry = await this.entry(companyId, id, recipient);
    entry.archivedAt = entry.updatedAt = new Date();
    await this.inbox.updateEntry(companyId, entry.id, { archivedAt: entry.archivedAt, updatedAt: entry.updatedAt });
    return this.view(entry);
  }

  async unreadCounts(companyId: string, recipient: string | undefined): Promise<UnreadCounts> {
    const rows = await this.inbox.unreadCounts(companyId, recipient ?? COMPANY_INBOX);
    const byCategory = Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, 0])) as Record<NotificationCategory, number>;
    for (const row of rows) byCategory[row.category] = Number(row.count);
    return { recipient: recipient ?? COMPANY_INBOX, total: Object.values(byCategory).reduce((sum, count) => sum + count, 0), byCategory };
  }

  private async entry(companyId: string, notificationId: string, recipient: string | undefined): Promise<InboxEntry> {
    const entry = await this.inbox.findEntry(companyId, notificationId, recipient ?? COMPANY_INBOX);
    if (!entry) throw new PlatformException('NOTIFICATION_NOT_FOUND');
    return entry;
  }

  private async view(entry: InboxEntry): Promise<InboxItem> {
    const notification = await this.inbox.notificationOf(entry.companyId, entry.notificationId);
    if (!notification) throw new Error(`inbox entry ${entry.id}: notification ${entry.notificationId} not found`);
    return item(entry, notification);
  }
}
