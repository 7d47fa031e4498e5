import { DeliveryError, NotificationProvider, OutboundMessage } from './notification-provider';

const TIMEOUT_MS = 10_000;

/**
 * SMS, WhatsApp and push through an HTTP provider: one JSON POST per delivery, the bearer
 * token when configured, and the delivery id as Idempotency-Key so a retried request is not
 * sent twice. 2xx is sent; 408, 429 and 5xx are retried; any other answer is permanent.
 */
export class HttpChannelProvider implements NotificationProvider {
  readonly name = 'http';

  constructor(
    private readonly url: string,
    private readonly token?: string,
  ) {}

  async send(message: OutboundMessage): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.deliveryId,
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({
          channel: message.channel,
          to: message.to,
          title: message.title,
          body: message.body,
          category: message.category,
          data: message.data,
          notificationId: message.notificationId,
          deliveryId: message.deliveryId,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DeliveryError(`provider unreachable: ${(error as Error).message}`);
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return;
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    throw new DeliveryError(`provider answered ${response.status}`, !retryable);
  }
}
