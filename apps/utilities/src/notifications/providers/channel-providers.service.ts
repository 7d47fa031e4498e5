import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '@platform/pipeline';
import type { DeliveryChannel } from '../notification-delivery.entity';
import { NotificationsRepository } from '../notifications.repository';
import { HttpChannelProvider } from './http-channel.provider';
import { NotificationProvider } from './notification-provider';
import { CaptureProvider } from './capture.provider';

/** nodemailer is loaded only when SMTP is configured (about 10 MB of memory otherwise spent for nothing). */
function smtpProvider(url: string, from: string): NotificationProvider {
  const { SmtpEmailProvider } = require('./smtp-email.provider') as typeof import('./smtp-email.provider');
  return new SmtpEmailProvider(url, from);
}

/** The provider of each channel, from the environment: SMTP_URL, *_PROVIDER_URL, else captured (CaptureProvider). */
@Injectable()
export class ChannelProviders implements OnApplicationShutdown {
  private readonly providers: Record<DeliveryChannel, NotificationProvider>;

  constructor(@Inject(Environment) env: Environment, notifications: NotificationsRepository) {
    const capture = new CaptureProvider(notifications);
    const http = (url?: string) => (url ? new HttpChannelProvider(url, env.PROVIDER_AUTH_TOKEN) : capture);
    this.providers = {
      email: env.SMTP_URL ? smtpProvider(env.SMTP_URL, env.MAIL_FROM) : capture,
      sms: http(env.SMS_PROVIDER_URL),
      whatsapp: http(env.WHATSAPP_PROVIDER_URL),
      push: http(env.PUSH_PROVIDER_URL),
    };
  }

  for(channel: DeliveryChannel): NotificationProvider {
    return this.providers[channel];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.providers).map((provider) => provider.close?.()));
  }
}
