import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { JobQueue, qualifiedTable, Transactions } from '@platform/data';
import { DeveloperCredential } from '../credentials/developer-credential.entity';
import { Organization } from '../organizations/organization.entity';
import { AccountLink, Membership, PendingSignUp, Session, User } from './account.entities';
import { AccountEmails, LINK_LIFETIME_MS } from './account-emails';
import { AuditService } from './audit.service';
import { EmailLimits, normalizeEmail } from './email-limits';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { addressCaller } from './sign-in-limits';
import { tokenHash } from './sessions.service';

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
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const existing = await manager.findOneBy(User, { email, emailVerifiedAt: Not(IsNull()) });
      if (existing) {
        await this.emails.enqueue(manager, { kind: 'already_registered', userId: existing.id });
        return;
      }
      const pending = await manager.save(
        manager.create(PendingSignUp, {
          email,
          name: input.name.trim(),
          organizationName: input.organizationName.trim(),
          passwordHash,
          tokenHash: null,
          expiresAt: new Date(Date.now() + LINK_LIFETIME_MS.sign_up),
        }),
      );
      await this.emails.enqueue(manager, { kind: 'verify_email', signUpId: pending.id });
    });
  }

  /** Sends the newest sign-up of the address its link again (a new one: the one emailed before stops working). Answered alike otherwise. */
  async resend(emailInput: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    const pending = await this.newest(email);
    if (!pending || (await this.verifiedUser(email)) || !(await this.emailLimits.allow(email))) return;
    await this.emails.enqueue(this.dataSource.manager, { kind: 'verify_email', signUpId: pending.id });
  }

  /** The address's newest sign-up still waiting for its link, or null. */
  newest(email: string): Promise<PendingSignUp | null> {
    return this.dataSource.getRepository(PendingSignUp).findOne({ where: { email, expiresAt: MoreThan(new Date()) }, order: { createdAt: 'DESC' } });
  }

  verifiedUser(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ email, emailVerifiedAt: Not(IsNull()) });
  }

  /**
   * Uses a sign-up's link: makes its account (verified), with its password and name, and its
   * organization; the address's other sign-ups and their links end. A link whose address has an
   * account by now (another of its links was used) is spent. An account an earlier release left
   * unverified at this address goes first, with all it made.
   */
  async verify(token: string, ipAddress: string | null): Promise<User> {
    const hash = tokenHash(token);
    const found = await this.dataSource.getRepository(PendingSignUp).findOneBy({ tokenHash: hash });
    if (!found) throw new PlatformException('ACCOUNT_LINK_INVALID');
    return this.transactions.run(async (manager) => {
      // the address's sign-ups, locked: two of its links used at once make one account, the other waits and finds its sign-up gone
      await manager.query(`SELECT "id" FROM ${this.table(PendingSignUp)} WHERE "email" = $1 ORDER BY "id" FOR UPDATE`, [found.email]);
      const signUp = await manager.findOneBy(PendingSignUp, { tokenHash: hash, expiresAt: MoreThan(new Date()) });
      if (!signUp) throw new PlatformException('ACCOUNT_LINK_INVALID');
      const existing = await manager.findOne(User, { where: { email: signUp.email }, lock: { mode: 'pessimistic_write' } });
      if (existing?.emailVerifiedAt) throw new PlatformException('ACCOUNT_LINK_INVALID');
      if (existing) await this.removeUnverified(manager, [existing.id]);
      const now = new Date();
      const user = await manager.save(
        manager.create(User, { email: signUp.email, name: signUp.name, passwordHash: signUp.passwordHash, emailVerifiedAt: now, passwordChangedAt: now }),
      );
      const organization = await manager.save(
        manager.create(Organization, {
          name: signUp.organizationName,
          plan: 'developer-sandbox',
          burstPerSecond: null,
          monthlyQuota: null,
          webhookRetries: null,
        }),
      );
      await manager.insert(Membership, { organizationId: organization.id, userId: user.id, role: 'owner' });
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
      await manager.delete(PendingSignUp, { email: signUp.email });
      return user;
    });
  }

  /** The expiry job: sign-ups past their day, and accounts left unverified by an earlier release once a day old, in batches. */
  async expire(): Promise<{ signUps: number; accounts: number }> {
    let signUps = 0;
    let accounts = 0;
    for (;;) {
      const [, removed]: [unknown, number] = await this.dataSource.query(
        `DELETE FROM ${this.table(PendingSignUp)} WHERE "id" IN (SELECT "id" FROM ${this.table(PendingSignUp)} WHERE "expires_at" <= now() LIMIT $1)`,
        [EXPIRY_BATCH],
      );
      signUps += removed;
      if (removed < EXPIRY_BATCH) break;
    }
    for (;;) {
      const stale: Array<{ id: string }> = await this.dataSource.query(
        `SELECT "id" FROM ${this.table(User)} WHERE "email_verified_at" IS NULL AND "created_at" <= now() - make_interval(secs => $1) LIMIT $2`,
        [LINK_LIFETIME_MS.sign_up / 1000, EXPIRY_BATCH],
      );
      if (stale.length)
        await this.transactions.run((manager) =>
          this.removeUnverified(
            manager,
            stale.map((row) => row.id),
          ),
        );
      accounts += stale.length;
      if (stale.length < EXPIRY_BATCH) break;
    }
    if (signUps || accounts) this.logger.log(`expired ${signUps} sign-ups and ${accounts} unverified accounts`);
    return { signUps, accounts };
  }

  /**
   * Removes unverified accounts with what they made: their memberships, sessions and links, and
   * the organizations they alone belong to that hold no key (those an unverified sign-up made).
   */
  private async removeUnverified(manager: EntityManager, userIds: string[]): Promise<void> {
    await manager.query(
      `DELETE FROM ${this.table(Organization)} o
       WHERE o."id" IN (SELECT "organization_id" FROM ${this.table(Membership)} WHERE "user_id" = ANY($1::uuid[]))
         AND NOT EXISTS (SELECT 1 FROM ${this.table(Membership)} m WHERE m."organization_id" = o."id" AND NOT (m."user_id" = ANY($1::uuid[])))
         AND NOT EXISTS (SELECT 1 FROM ${this.table(DeveloperCredential)} c WHERE c."organization_id" = o."id")`,
      [userIds],
    );
    for (const entity of [Membership, Session, AccountLink])
      await manager.query(`DELETE FROM ${this.table(entity)} WHERE "user_id" = ANY($1::uuid[])`, [userIds]);
    await manager.query(`DELETE FROM ${this.table(User)} WHERE "id" = ANY($1::uuid[]) AND "email_verified_at" IS NULL`, [userIds]);
  }

  private table(entity: Function): string {
    return qualifiedTable(this.dataSource, entity);
  }
}
