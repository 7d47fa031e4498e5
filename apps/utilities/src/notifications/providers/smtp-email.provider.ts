import { createTransport, Transporter } from 'nodemailer';
import { DeliveryError, NotificationProvider, OutboundMessage } from './notification-provider';

interface SmtpError extends Error {
  responseCode?: number;
}

/** Email over real SMTP (nodemailer); a 5xx answer from the server is permanent, anything else is retried. */
export class SmtpEmailProvider implements NotificationProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  }

  async send(message: OutboundMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.title,
        text: message.body,
        headers: { 'X-Notification-Id': message.notificationId, 'X-Notification-Category': message.category },
      });
    } catch (error) {
      const code = (error as SmtpError).responseCode;
      throw new DeliveryError(`SMTP: ${(error as Error).message}`, code !== undefined && code >= 500 && code < 600);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
