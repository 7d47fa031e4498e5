import { Body, Controller, HttpCode, Inject, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Environment, Internal, PlatformException, UtilitiesContract } from '@platform/common';
import { ChannelProviders } from './providers/channel-providers';
import { DeliveryError } from './providers/notification-provider';

/** How the console names each kind of account email. */
const KIND_WORDS: Record<string, string> = { verify_email: 'verification', password_reset: 'password reset', invitation: 'invitation', already_registered: 'account notice' };

class AccountEmailDto implements UtilitiesContract.AccountEmail {
  @IsEmail()
  @MaxLength(254)
  to: string;

  @IsString()
  @MinLength(1)
  @MaxLength(200)
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
 * console, once, so that the one-machine suite can be tried without a mail server. A failure to
 * send is a 503: auth's job retries it.
 */
@Controller()
export class AccountEmailsController {
  private readonly logger = new Logger('AccountEmails');

  constructor(
    private readonly providers: ChannelProviders,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  @Internal(UtilitiesContract.SEND_ACCOUNT_EMAIL)
  @HttpCode(200)
  async send(@Body() email: AccountEmailDto): Promise<UtilitiesContract.SentAccountEmail> {
    if (!this.env.SMTP_URL) {
      const what = KIND_WORDS[email.kind] ?? email.kind.replace(/_/g, ' ');
      process.stderr.write(`\n[utilities] No SMTP_URL: this ${what} email to ${email.to} is printed here instead of sent.\n  Subject: ${email.subject}\n${email.text.replace(/^/gm, '  ')}\n\n`);
      return { via: 'console' };
    }
    const id = randomUUID();
    try {
      await this.providers.for('email').send({ deliveryId: id, notificationId: id, companyId: '', channel: 'email', to: email.to, category: `account:${email.kind}`, title: email.subject, body: email.text, data: null });
    } catch (error) {
      this.logger.warn(`account email (${email.kind}) not sent: ${(error as Error).message}`);
      // a permanent refusal (5xx from the server) will not pass on a retry either, but the address may be fixed; auth's job gives up after its attempts
      throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { permanent: error instanceof DeliveryError && error.permanent } });
    }
    return { via: 'smtp' };
  }
}
