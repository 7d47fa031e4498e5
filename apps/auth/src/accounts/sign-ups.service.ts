import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PlatformException } from '@platform/pipeline';
import { JobQueue, Transactions } from '@platform/data';
import { AuditService } from '../audit/audit.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { tokenHash } from '../sessions/sessions.service';
import { AccountEmails, LINK_LIFETIME_MS } from './account-emails.service';
import { AccountsRepository } from './accounts.repository';
import { EmailLimits, normalizeEmail } from './email-limits.service';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { PendingSignUp } from './pending-sign-up.entity';
import { addressCaller } from './sign-in-limits.service';
import { SignUpsRepository } from './sign-ups.repository';
import { User } from './user.entity';

const EXPIRE_SIGN_UPS = 'auth:expire-sign-ups';
/** Rows one run of the expiry job removes per statement: it goes on until none is left. */
const EXPIRY_BATCH = 1000;

export interface SignUp {
  email: string;
  password: string;
  name: string;
  organizationName: string;
}

/**
 * Sign-ups and email verification. A sign-up makes no account: it waits, with its own password
 * hash, name and organization name, for its own emailed link, and the account and its
 * organization are made when that link is used. So signing up first with someone else's
 * address gets nothing: the address's owner signs up with their own password and their link
 * makes their account, ending the other sign-ups' links. Sign-ups a day old (and accounts an
 * earlier release left unverified) are removed by a job of the queue, and are ignored before.
 * Answers never tell whether an address has an account: a sign-up of one that has gets the
 * same answer, and the owner an email saying so.
 */
@Injectable()
export class SignUpsService {
  private readonly logger = new Logger('SignUps');

  constructor(
    private readonly repository: SignUpsRepository,
    private readonly accounts: AccountsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly transactions: Transactions,
    private readonly emails: AccountEmails,
    private readonly emailLimits: EmailLimits,
    private readonly audit: AuditService,
    queue: JobQueue,
  ) {
    queue.handle(EXPIRE_SIGN_UPS, () => this.expire().then(() => undefined), { schedule: '41 * * * *', maxAttempts: 1, concurrency: 1 });
  }

  async signUp(input: SignUp, ip: string): Promise<void> {
    const email = normalizeEmail(input.email);
    assertAcceptablePassword(input.password, { email, name: input.name });
    // hashed whether or not the email is taken: the answer's time does not tell
    const passwordHash = await hashPassword(input.password, addressCaller(ip));
    if (!(await this.emailLimits.allow(email))) return;
    await this.transactions.run(async (manager) => {
      const existing = await this.accounts.findVerifiedUserByEmailAcrossAccounts(email, manager);
      if (existing) {
        await this.emails.enqueue({ kind: 'already_registered', userId: existing.id }, manager);
        return;
      }
      const pending = await this.repository.insertSignUp(
        email,
        {
          name: input.name.trim(),
          organizationName: input.organizationName.trim(),
          passwordHash,
          expiresAt: new Date(Date.now() + LINK_LIFETIME_MS.sign_up),
        },
        manager,
      );
      await this.emails.enqueue({ kind: 'verify_email', signUpId: pending.id }, manager);
    });
  }

  /** Sends the newest sign-up of the address its link again (a new one: the one emailed before stops working). Answered alike otherwise. */
  async resend(emailInput: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    const pending = await this.newest(email);
    if (!pending || (await this.verifiedUser(email)) || !(await this.emailLimits.allow(email))) return;
    await this.emails.enqueue({ kind: 'verify_email', signUpId: pending.id });
  }

  /** The address's newest sign-up still waiting for its link, or null. */
  newest(email: string): Promise<PendingSignUp | null> {
    return this.repository.findNewestSignUp(email);
  }

  verifiedUser(email: string): Promise<User | null> {
    return this.accounts.findVerifiedUserByEmailAcrossAccounts(email);
  }

  /**
   * Uses a sign-up's link: makes its account (verified), with its password and name, and its
   * organization; the address's other sign-ups and their links end. A link whose address has an
   * account by now (another of its links was used) is spent. An account an earlier release left
   * unverified at this address goes first, with all it made.
   */
  async verify(token: string, ipAddress: string | null): Promise<User> {
    const hash = tokenHash(token);
    const found = await this.repository.findSignUpByTokenAcrossAccounts(hash);
    if (!found) throw new PlatformException('ACCOUNT_LINK_INVALID');
    return this.transactions.run(async (manager) => {
      // the address's sign-ups, locked: two of its links used at once make one account, the other waits and finds its sign-up gone
      await this.repository.lockSignUps(found.email, manager);
      const signUp = await this.repository.findLiveSignUp(found.email, hash, manager);
      if (!signUp) throw new PlatformException('ACCOUNT_LINK_INVALID');
      const existing = await this.repository.lockUserByEmail(signUp.email, manager);
      if (existing?.emailVerifiedAt) throw new PlatformException('ACCOUNT_LINK_INVALID');
      if (existing) await this.repository.removeUnverifiedUsersAcrossAccounts([existing.id], manager);
      const now = new Date();
      const user = await this.repository.insertUser(
        randomUUID(),
        { email: signUp.email, name: signUp.name, passwordHash: signUp.passwordHash, emailVerifiedAt: now, passwordChangedAt: now },
        manager,
      );
      const organization = await this.organizations.insertOrganization(
        randomUUID(),
        { name: signUp.organizationName, plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null },
        manager,
      );
      await this.organizations.insertMembership(organization.id, user.id, 'owner', manager);
      await this.audit.record(
        manager,
        { userId: user.id, email: user.email, ipAddress },
        {
          organizationId: organization.id,
          action: 'organization.created',
          targetType: 'organization',
          targetId: organization.id,
          data: { name: organization.name },
        },
      );
      await this.repository.deleteSignUps(signUp.email, manager);
      return user;
    });
  }

  /** The expiry job: sign-ups past their day, and accounts left unverified by an earlier release once a day old, in batches. */
  async expire(): Promise<{ signUps: number; accounts: number }> {
    let signUps = 0;
    let accounts = 0;
    for (;;) {
      const removed = await this.repository.deleteExpiredSignUpsAcrossAccounts(EXPIRY_BATCH);
      signUps += removed;
      if (removed < EXPIRY_BATCH) break;
    }
    for (;;) {
      const stale = await this.repository.listStaleUnverifiedUsersAcrossAccounts(LINK_LIFETIME_MS.sign_up / 1000, EXPIRY_BATCH);
      if (stale.length) await this.transactions.run((manager) => this.repository.removeUnverifiedUsersAcrossAccounts(stale, manager));
      accounts += stale.length;
      if (stale.length < EXPIRY_BATCH) break;
    }
    if (signUps || accounts) this.logger.log(`expired ${signUps} sign-ups and ${accounts} unverified accounts`);
    return { signUps, accounts };
  }
}
