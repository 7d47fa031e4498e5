import type { DeliveryChannel } from '../notification-delivery.entity';

/** A message on its way to one address over one channel. */
export interface OutboundMessage {
  deliveryId: string;
  notificationId: string;
  companyId: string;
  channel: DeliveryChannel;
  /** email address, E.164 phone number, or employee id (push) */
  to: string;
  category: string;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
}

/** Every channel is sent through one of these; throwing means the attempt failed. */
export interface NotificationProvider {
  /** smtp, http or outbox: recorded with each attempt */
  readonly name: string;
  send(message: OutboundMessage): Promise<void>;
  close?(): Promise<void>;
}

/** A failed attempt; `permanent` when retrying cannot help (the provider refused the message). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
