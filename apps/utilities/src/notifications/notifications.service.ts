import { Injectable } from '@nestjs/common';
import { PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { HrContactsClient } from './clients/hr-contacts.client';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { parseRecipients, planDeliveries } from './delivery-plan';
import { DeliverySender } from './delivery-sender.service';
import { SendNotificationDto } from './dto/notification.dto';
import { ChannelDecision } from './notification.entity';
import { DeliveryStatus } from './notification-delivery.entity';
import { NOTIFICATION_CHANNELS, NotificationChannel } from './notification-preference.entity';
import { NotificationsRepository } from './notifications.repository';
import { PreferencesService } from './preferences.service';

export interface SendResult {
  id: string;
  channels: Record<NotificationChannel, ChannelDecision>;
  createdAt: Date;
}

export interface DeliveryView {
  id: string;
  channel: string;
  recipient: string;
  employeeId: string | null;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  attempts: { at: Date; outcome: string; provider: string; durationMs: number; error: string | null }[];
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly transactions: Transactions,
    private readonly preferences: PreferencesService,
    private readonly hr: HrContactsClient,
    private readonly sender: DeliverySender,
  ) {}

  /**
   * Decides every channel from the category's preference and writes the notification, its
   * inbox entries, its pending deliveries and their jobs in one transaction; the job queue sends them.
   * Employee ids are resolved through HR first, so an unknown one or HR being down writes nothing.
   */
  async send(companyId: string, input: SendNotificationDto): Promise<SendResult> {
    const recipients = parseRecipients(input.recipients ?? []);
    if (recipients.invalid.size) {
      throw PlatformException.validation(
        Object.fromEntries([...recipients.invalid].map(([index, why]) => [`recipients.${index}`, [`recipients.${index} ${why}`]])),
      );
    }
    const employees = recipients.employeeIds.length ? await this.hr.contacts(companyId, recipients.employeeIds) : { items: [], unknownEmployeeIds: [] };
    if (employees.unknownEmployeeIds.length) {
      throw new PlatformException(EMPLOYEE_NOT_FOUND, { details: { unknownEmployeeIds: employees.unknownEmployeeIds } });
    }
    const preference = await this.preferences.get(companyId, input.category);
    const plan = planDeliveries(recipients, employees.items, preference, input.channels ?? NOTIFICATION_CHANNELS);

    const notification = await this.transactions.run(async (manager) => {
      const saved = await this.notifications.insertNotification(
        companyId,
        {
          category: input.category,
          title: input.title,
          body: input.body,
          data: input.data ?? null,
          recipients: input.recipients ?? [],
          channels: plan.channels,
        },
        manager,
      );
      if (plan.inboxes.length) {
        await this.notifications.insertInboxEntries(
          companyId,
          plan.inboxes.map((recipient) => ({ notificationId: saved.id, recipient, category: saved.category, createdAt: saved.createdAt })),
          manager,
        );
      }
      if (plan.deliveries.length) {
        const ids = await this.notifications.insertDeliveries(
          companyId,
          plan.deliveries.map((delivery) => ({
            notificationId: saved.id,
            channel: delivery.channel,
            recipient: delivery.recipient,
            employeeId: delivery.employeeId,
            status: delivery.skippedBecause ? ('skipped' as const) : ('pending' as const),
            lastError: delivery.skippedBecause ?? null,
            nextAttemptAt: delivery.skippedBecause ? null : new Date(),
          })),
          manager,
        );
        for (const [index, delivery] of plan.deliveries.entries()) {
          if (!delivery.skippedBecause) await this.sender.enqueue({ id: ids[index], companyId }, manager);
        }
      }
      return saved;
    });
    return { id: notification.id, channels: notification.channels, createdAt: notification.createdAt };
  }

  /** The notification as sent, its inboxes and the live state of every delivery with all its attempts. */
  async get(companyId: string, id: string) {
    const notification = await this.notifications.findNotification(companyId, id);
    if (!notification) throw new PlatformException('NOTIFICATION_NOT_FOUND');
    const [inboxes, deliveries] = await Promise.all([this.notifications.inboxesOf(companyId, id), this.notifications.deliveriesOf(companyId, id)]);
    const attempts = deliveries.length
      ? await this.notifications.attemptsOf(
          companyId,
          deliveries.map((d) => d.id),
        )
      : [];
    const attemptsByDelivery = new Map<string, DeliveryAttempt[]>();
    for (const attempt of attempts) attemptsByDelivery.set(attempt.deliveryId, [...(attemptsByDelivery.get(attempt.deliveryId) ?? []), attempt]);
    return {
      id: notification.id,
      category: notification.category,
      title: notification.title,
      body: notification.body,
      data: notification.data,
      recipients: notification.recipients,
      channels: notification.channels,
      createdAt: notification.createdAt,
      inboxes: inboxes.map((entry) => ({ recipient: entry.recipient, readAt: entry.readAt, archivedAt: entry.archivedAt })),
      deliveries: deliveries.map((delivery): DeliveryView => ({
        id: delivery.id,
        channel: delivery.channel,
        recipient: delivery.recipient,
        employeeId: delivery.employeeId,
        status: delivery.status,
        nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
        sentAt: delivery.sentAt,
        lastError: delivery.lastError,
        attempts: (attemptsByDelivery.get(delivery.id) ?? []).map((attempt) => ({
          at: attempt.attemptedAt,
          outcome: attempt.outcome,
          provider: attempt.provider,
          durationMs: attempt.durationMs,
          error: attempt.error,
        })),
      })),
    };
  }
}
