import { DataSource } from 'typeorm';
import { CapturedMessage } from '../captured-message.entity';
import { NotificationProvider, OutboundMessage } from './notification-provider';

/** The one-machine default for a channel with no provider configured: captures what would have been sent. */
export class CaptureProvider implements NotificationProvider {
  readonly name = 'capture';

  constructor(private readonly dataSource: DataSource) {}

  async send(message: OutboundMessage): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CapturedMessage)
      .values({
        companyId: message.companyId,
        deliveryId: message.deliveryId,
        channel: message.channel,
        recipient: message.to,
        subject: message.title,
        body: message.body,
        // TypeORM's deep-partial insert type cannot express free JSON (unknown values)
        data: message.data as never,
      })
      .orIgnore()
      .execute();
  }
}
