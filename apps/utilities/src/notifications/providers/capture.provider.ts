import type { NotificationsRepository } from '../notifications.repository';
import { NotificationProvider, OutboundMessage } from './notification-provider';

/** The one-machine default for a channel with no provider configured: captures what would have been sent. */
export class CaptureProvider implements NotificationProvider {
  readonly name = 'capture';

  constructor(private readonly notifications: NotificationsRepository) {}

  async send(message: OutboundMessage): Promise<void> {
    await this.notifications.captureMessage(message.companyId, {
      deliveryId: message.deliveryId,
      channel: message.channel,
      recipient: message.to,
      subject: message.title,
      body: message.body,
      data: message.data,
    });
  }
}
