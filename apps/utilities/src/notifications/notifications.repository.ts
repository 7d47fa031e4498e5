import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { CapturedMessage } from './captured-message.entity';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { InboxEntry } from './inbox-entry.entity';
import { Notification } from './notification.entity';
import { NotificationDelivery } from './notification-delivery.entity';

/** What a notification is written with (the company aside; the key and time are the database's). */
export type NotificationFields = Pick<Notification, 'category' | 'title' | 'body' | 'data' | 'recipients' | 'channels'>;
/** An inbox the notification lands in, unread. */
export type NewInboxEntry = Pick<InboxEntry, 'notificationId' | 'recipient' | 'category' | 'createdAt'>;
/** A delivery to write: pending (with a job) or skipped. */
export type NewDelivery = Pick<NotificationDelivery, 'notificationId' | 'channel' | 'recipient' | 'employeeId' | 'status' | 'lastError' | 'nextAttemptAt'>;
/** One attempt at a delivery, as recorded. */
export type AttemptFields = Pick<DeliveryAttempt, 'deliveryId' | 'attemptedAt' | 'outcome' | 'provider' | 'durationMs' | 'error'>;
/** What a channel with no provider captures instead of sending. */
export type CapturedFields = Pick<CapturedMessage, 'deliveryId' | 'channel' | 'recipient' | 'subject' | 'body' | 'data'>;

const decision = { outcome: 'not_requested' as const, recipients: 0 };
const SAMPLE_NOTIFICATION: NotificationFields = {
  category: 'general',
  title: 'Title',
  body: 'Body',
  data: null,
  recipients: [],
  channels: { inApp: decision, email: decision, push: decision, sms: decision, whatsapp: decision },
};
const SAMPLE_DELIVERY: NewDelivery = {
  notificationId: SAMPLE.id,
  channel: 'email',
  recipient: 'someone@example.com',
  employeeId: null,
  status: 'pending',
  lastError: null,
  nextAttemptAt: new Date(0),
};
const SAMPLE_ATTEMPT: AttemptFields = { deliveryId: SAMPLE.id, attemptedAt: new Date(0), outcome: 'sent', provider: 'capture', durationMs: 1, error: null };

/**
 * Notifications as sent (`notifications`), their inbox entries at send time (`notification_inbox`),
 * their deliveries and every attempt (`notification_deliveries`, `notification_delivery_attempts`),
 * and the messages captured for channels with no provider (`captured_messages`).
 */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, SAMPLE_NOTIFICATION, SAMPLE.tx])
  insertNotification(companyId: string, fields: NotificationFields, manager: EntityManager): Promise<Notification> {
    return manager.save(manager.create(Notification, { ...fields, companyId }));
  }

  @QuerySample([SAMPLE.companyId, [{ notificationId: SAMPLE.id, recipient: 'company', category: 'general' as const, createdAt: new Date(0) }], SAMPLE.tx])
  async insertInboxEntries(companyId: string, entries: NewInboxEntry[], manager: EntityManager): Promise<void> {
    await manager.insert(
      InboxEntry,
      entries.map((entry) => ({ companyId, ...entry, readAt: null, archivedAt: null })),
    );
  }

  /** Answers the new deliveries' ids, in the order given. */
  @QuerySample([SAMPLE.companyId, [SAMPLE_DELIVERY], SAMPLE.tx])
  async insertDeliveries(companyId: string, deliveries: NewDelivery[], manager: EntityManager): Promise<string[]> {
    const inserted = await manager.insert(
      NotificationDelivery,
      deliveries.map((delivery) => ({ companyId, ...delivery })),
    );
    return inserted.identifiers.map((identifier) => identifier.id as string);
  }

  /** Another company's notification is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findNotification(companyId: string, id: string): Promise<Notification | null> {
    return this.dataSource.getRepository(Notification).findOneBy({ companyId, id });
  }

  /** The notification of a delivery being sent. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  readNotification(companyId: string, id: string): Promise<Notification | null> {
    return this.dataSource.getRepository(Notification).findOneBy({ id, companyId });
  }

  /** The inboxes a notification went to, by recipient. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  inboxesOf(companyId: string, notificationId: string): Promise<InboxEntry[]> {
    return this.dataSource.getRepository(InboxEntry).find({ where: { companyId, notificationId }, order: { recipient: 'ASC' } });
  }

  /** A notification's deliveries, by channel, then in the order they were written. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  deliveriesOf(companyId: string, notificationId: string): Promise<NotificationDelivery[]> {
    return this.dataSource
      .getRepository(NotificationDelivery)
      .find({ where: { companyId, notificationId }, order: { channel: 'ASC', createdAt: 'ASC', recipient: 'ASC' } });
  }

  /** Every attempt at the deliveries, oldest first (read only when there are deliveries). */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  attemptsOf(companyId: string, deliveryIds: string[]): Promise<DeliveryAttempt[]> {
    return this.dataSource.getRepository(DeliveryAttempt).find({ where: { companyId, deliveryId: In(deliveryIds) }, order: { attemptedAt: 'ASC' } });
  }

  /** Every company's pending deliveries (at start: those written before deliveries were jobs get one). */
  @QuerySample([])
  pendingDeliveriesAcrossCompanies(): Promise<Pick<NotificationDelivery, 'id' | 'companyId'>[]> {
    return this.dataSource.getRepository(NotificationDelivery).find({ select: { id: true, companyId: true }, where: { status: 'pending' } });
  }

  /** A delivery by the id its job carries (the job names no company). */
  @QuerySample([SAMPLE.id])
  findDeliveryAcrossCompanies(id: string): Promise<NotificationDelivery | null> {
    return this.dataSource.getRepository(NotificationDelivery).findOneBy({ id });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_ATTEMPT, SAMPLE.tx])
  async insertAttempt(companyId: string, attempt: AttemptFields, manager: EntityManager): Promise<void> {
    await manager.insert(DeliveryAttempt, { companyId, ...attempt });
  }

  /** The delivery's state after an attempt, its attempts counted one more. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { status: 'sent' as const, sentAt: new Date(0), nextAttemptAt: null, lastError: null }, SAMPLE.tx])
  async updateAfterAttempt(
    companyId: string,
    id: string,
    changes: Partial<Pick<NotificationDelivery, 'status' | 'sentAt' | 'nextAttemptAt' | 'lastError'>>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.update(NotificationDelivery, { id, companyId }, { ...changes, attempts: () => 'attempts + 1' });
  }

  /** The delivery as the transaction that settled it sees it (the event it records). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  readDelivery(companyId: string, id: string, manager: EntityManager): Promise<NotificationDelivery | null> {
    return manager.findOneBy(NotificationDelivery, { id, companyId });
  }

  /** Keeps what a channel with no provider would have sent; a delivery sent twice is captured once. */
  @QuerySample([SAMPLE.companyId, { deliveryId: SAMPLE.id, channel: 'email', recipient: 'someone@example.com', subject: 'Title', body: 'Body', data: null }])
  async captureMessage(companyId: string, message: CapturedFields): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CapturedMessage)
      .values({
        companyId,
        deliveryId: message.deliveryId,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        // TypeORM's deep-partial insert type cannot express free JSON (unknown values)
        data: message.data as never,
      })
      .orIgnore()
      .execute();
  }
}
