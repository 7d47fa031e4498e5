import { Body, Controller, HttpCode, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { UtilitiesContract } from '@platform/contracts';
import { Environment, Internal, IsPlainText, PlatformException } from '@platform/pipeline';
import { consoleEmail } from './console-email';
import { ChannelProviders } from './providers/channel-providers.service';
import { DeliveryError } from './providers/notification-provider';

class AccountEmailDto implements UtilitiesContract.AccountEmail {
  @IsEmail()
  @MaxLength(254)
  to: string;

  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @IsPlainText()
  subject: string;

  @IsString()
  @MinLength(1)
  @MaxLength(10_000)
  text: string;

  @Matches(/^[a-z_]{1,40}$/)
  kind: string;
}

/**
 * Account emails auth sends (verification, password reset, invitations): straight through the
 * email channel's provider, not as a company's notification (no preferences, no inbox: they
 * concern a person, not a company's employees). Without SMTP_URL the email is printed to the
 * console, once, so that the one-machine suite can be tried without a mail server; with
 * NODE_ENV=production it is only said that it was not sent (consoleEmail). A failure to send is
 * a 503: auth's job retries it; an email refused here (a 4xx) is not retried.
 */
@Controller()
export class AccountEmailsController implements OnApplicationBootstrap {
  private readonly logger = new Logger('AccountEmails');

  constructor(
    private readonly providers: ChannelProviders,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.NODE_ENV === 'production' && !this.env.SMTP_URL) {
      this.logger.warn(
        'SMTP_URL is not set: account emails (verification, password reset, invitations) are not sent, and with NODE_ENV=production their links are not printed either',
      );
    }
  }

  @Internal(UtilitiesContract.SEND_ACCOUNT_EMAIL)
  @HttpCode(200)
  async send(@Body() email: AccountEmailDto): Promise<UtilitiesContract.SentAccountEmail> {
    if (!this.env.SMTP_URL) {
      process.stderr.write(consoleEmail(email, this.env.NODE_ENV === 'production'));
      return { via: 'console' };
    }
    const id = randomUUID();
    try {
      await this.providers.for('email').send({
        deliveryId: id,
        notificationId: id,
        companyId: '',
        channel: 'email',
        to: email.to,
        category: `account:${email.kind}`,
        title: email.subject,
        body: email.text,
        data: null,
      });
    } catch (error) {
      this.logger.warn(`account email (${email.kind}) not sent: ${(error as Error).message}`);
      // a permanent refusal (5xx from the server) will not pass on a retry either, but the address may be fixed; auth's job gives up after its attempts
      throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { permanent: error instanceof DeliveryError && error.permanent } });
    }
    return { via: 'smtp' };
  }
}
