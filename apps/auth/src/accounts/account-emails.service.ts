import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UtilitiesContract } from '@platform/contracts';
import { Environment, InternalApi, randomToken, reachableBaseUrl } from '@platform/pipeline';
import { JobQueue } from '@platform/data';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { tokenHash } from '../sessions/sessions.service';
import { AccountLinkKind } from './account-link.entity';
import { AccountsRepository } from './accounts.repository';
import { SignUpsRepository } from './sign-ups.repository';

export const SEND_ACCOUNT_EMAIL = 'auth:send-account-email';

/** How long a link works: a sign-up's a day, a password reset and an unlock an hour, an invitation a week. */
export const LINK_LIFETIME_MS: Record<'sign_up' | AccountLinkKind | 'invitation', number> = {
  sign_up: 24 * 3600_000,
  password_reset: 3600_000,
  unlock: 3600_000,
  invitation: 7 * 24 * 3600_000,
};

/** Every invitation's subject: no name a person chose (an organization's, the inviter's) goes in a subject, where a mail client shows it as the sender's own words. */
const INVITATION_SUBJECT = 'You are invited to an organization on Platform';

export type AccountEmailJob =
  { kind: 'verify_email'; signUpId: string } | { kind: AccountLinkKind | 'already_registered'; userId: string } | { kind: 'invitation'; invitationId: string };

/**
 * Account emails, as jobs of the queue added in the transaction of the change that calls for
 * them (nothing sent for a change that did not commit; nothing lost when utilities is down: the
 * job retries). The link's token is made when the email is sent and only its hash is kept, so no
 * usable token ever rests in the job table; a retry makes a new one. An email utilities refuses
 * (a 4xx: it would refuse it again) is logged and not retried.
 */
@Injectable()
export class AccountEmails {
  private readonly logger = new Logger('AccountEmails');

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly signUps: SignUpsRepository,
    private readonly organizations: OrganizationsRepository,
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
    private readonly queue: JobQueue,
  ) {
    queue.handle<AccountEmailJob>(SEND_ACCOUNT_EMAIL, (job) => this.send(job), { maxAttempts: 12, retryBaseMs: 2000, concurrency: 4 });
  }

  /** Adds the email's job, in the transaction of the change when given (on its own otherwise). */
  enqueue(job: AccountEmailJob, manager?: EntityManager): Promise<string> {
    return this.queue.add(SEND_ACCOUNT_EMAIL, job, {}, manager);
  }

  private link(path: string, token?: string): string {
    const base = (this.env.PUBLIC_BASE_URL ?? reachableBaseUrl(this.env)).replace(/\/+$/, '');
    // the token travels in the fragment: browsers never send it to a server, nor in a Referer
    return token ? `${base}/dashboard/${path}#token=${token}` : `${base}/dashboard/${path}`;
  }

  private async send(job: AccountEmailJob): Promise<void> {
    const email = await this.compose(job);
    if (!email) return;
    const sent = await this.api.call(this.env.UTILITIES_URL, UtilitiesContract.SEND_ACCOUNT_EMAIL, { body: email, timeoutMs: 15_000 });
    if (sent.kind === 'unavailable') throw new Error(`utilities did not take the email: ${sent.reason}`);
    if (sent.kind === 'refused')
      this.logger.error(
        `a ${job.kind} email was refused by utilities (${sent.status} ${sent.code} ${JSON.stringify(sent.body.errors ?? {})}): not sent, not retried`,
      );
  }

  private async compose(job: AccountEmailJob): Promise<UtilitiesContract.AccountEmail | null> {
    if (job.kind === 'invitation') return this.invitation(job.invitationId);
    if (job.kind === 'verify_email') return this.signUp(job.signUpId);
    const user = await this.accounts.findUser(job.userId);
    if (!user) return null;
    if (job.kind === 'already_registered') {
      return {
        kind: job.kind,
        to: user.email,
        subject: 'You already have a Platform account',
        text: `Hello ${user.name},\n\nSomeone (perhaps you) tried to sign up with this address, which already has an account.\nSign in, or reset your password if you forgot it:\n\n${this.link('sign-in')}\n\nIf it was not you, nothing changed: you can ignore this email.`,
      };
    }
    const token = randomToken(32);
    await this.accounts.insertLink(user.id, job.kind, tokenHash(token), new Date(Date.now() + LINK_LIFETIME_MS[job.kind]));
    if (job.kind === 'unlock') {
      return {
        kind: job.kind,
        to: user.email,
        subject: 'Unlock sign-in to your account',
        text: `Hello ${user.name},\n\nSign-in to your Platform account is paused after too many wrong passwords. This link lets you sign in again, and this browser stays trusted for your account (it works for one hour, once):\n\n${this.link('unlock', token)}\n\nIf the wrong passwords were not yours, someone may be guessing your password: once signed in, choose a new one.`,
      };
    }
    return {
      kind: job.kind,
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.name},\n\nChoose a new password with this link (it works for one hour, once):\n\n${this.link('password-reset', token)}\n\nIf you did not ask for it, ignore this email: your password is unchanged.`,
    };
  }

  /** A sign-up's link, new at each send (the one emailed before stops working); it names what the link makes, so that a sign-up someone else made with this address shows. */
  private async signUp(signUpId: string): Promise<UtilitiesContract.AccountEmail | null> {
    const token = randomToken(32);
    const signUp = await this.signUps.renewSignUpLinkAcrossAccounts(signUpId, tokenHash(token));
    if (!signUp) return null;
    return {
      kind: 'verify_email',
      to: signUp.email,
      subject: 'Verify your email address',
      text: `Hello ${signUp.name},\n\nConfirm your email address to create your Platform API dashboard account, with the organization “${signUp.organizationName}” (the link works once, within 24 hours of signing up):\n\n${this.link('verify-email', token)}\n\nIf you did not sign up, or not with this name and organization, ignore this email: no account is made without this link.`,
    };
  }

  private async invitation(invitationId: string): Promise<UtilitiesContract.AccountEmail | null> {
    const token = randomToken(32);
    // a new token for each send: the one of an earlier, failed attempt stops working
    const invitation = await this.organizations.renewInvitationLinkAcrossCompanies(invitationId, tokenHash(token));
    if (!invitation) return null;
    const [organization, inviter] = await Promise.all([
      this.organizations.findOrganization(invitation.organizationId),
      this.accounts.findUser(invitation.invitedBy),
    ]);
    if (!organization) return null;
    return {
      kind: 'invitation',
      to: invitation.email,
      subject: INVITATION_SUBJECT,
      text: `Hello,\n\n${inviter?.name ?? 'A member'} invites you to join the organization “${organization.name}” on the Platform API dashboard as ${invitation.role}.\nAccept within 7 days (sign up first with this address if you have no account):\n\n${this.link('accept-invitation', token)}\n`,
    };
  }
}
