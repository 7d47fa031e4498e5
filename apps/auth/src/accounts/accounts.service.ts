import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { normalizeIp } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { Environment, PlatformException, qualifiedTable, RateLimitStore, Transactions } from '@platform/common';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { Organization } from '../organizations/organization.entity';
import { AccountLink, AccountLinkKind, Membership, Session, User } from './account.entities';
import { AccountEmails } from './account-emails';
import { Actor, AuditService } from './audit.service';
import { assertAcceptablePassword, hashPassword, MAX_PASSWORD_LENGTH, passwordMatches } from './passwords';
import { SessionOrigin, SessionsService, tokenHash } from './sessions.service';

/** Emails a person may have sent to them per hour (verification again, password reset): more would make the platform a spam relay. */
const EMAILS_PER_HOUR = 5;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SignUp {
  email: string;
  password: string;
  name: string;
  organizationName: string;
}

export interface SignedIn {
  user: User;
  session: Session;
  /** the cookie's value, set once */
  token: string;
}

/**
 * People's accounts: sign-up (the user owns a new organization on the developer-sandbox plan),
 * email verification, sign-in with attempt limits, password reset and change. Answers never tell
 * whether an email has an account: sign-up, resend and reset answer alike either way, and a
 * wrong email costs the time a wrong password does.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly sessions: SessionsService,
    private readonly emails: AccountEmails,
    private readonly audit: AuditService,
    private readonly store: RateLimitStore,
    private readonly identity: LocalIdentitySource,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  async signUp(input: SignUp): Promise<void> {
    const email = normalizeEmail(input.email);
    assertAcceptablePassword(input.password, { email, name: input.name });
    // hashed whether or not the email is taken: the answer's time does not tell
    const passwordHash = await hashPassword(input.password);
    await this.transactions.run(async (manager) => {
      const existing = await manager.findOneBy(User, { email });
      if (existing) {
        // not verified yet: a new verification link serves them best; verified: a reminder that the account exists
        if (await this.withinEmailLimit(existing.id)) await this.emails.enqueue(manager, { kind: existing.emailVerifiedAt ? 'already_registered' : 'verify_email', userId: existing.id });
        return;
      }
      const inserted = await manager.createQueryBuilder().insert().into(User).values({ email, name: input.name.trim(), passwordHash, emailVerifiedAt: null, passwordChangedAt: new Date() }).orIgnore().returning(['id']).execute();
      const userId = (inserted.raw as Array<{ id: string }>)[0]?.id;
      // a concurrent sign-up took the email between the look and the insert: answered alike
      if (!userId) return;
      const organization = await manager.save(manager.create(Organization, { name: input.organizationName.trim(), plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null }));
      await manager.insert(Membership, { organizationId: organization.id, userId, role: 'owner' });
      await this.audit.record(manager, { userId, email, ipAddress: null }, { organizationId: organization.id, action: 'organization.created', targetType: 'organization', targetId: organization.id, data: { name: organization.name } });
      await this.emails.enqueue(manager, { kind: 'verify_email', userId });
    });
  }

  async verifyEmail(token: string): Promise<User> {
    return this.transactions.run(async (manager) => {
      const link = await this.useLink(manager, 'verify_email', token);
      const user = await manager.findOneByOrFail(User, { id: link.userId });
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = new Date();
        await manager.save(user);
      }
      return user;
    });
  }

  /** Sends the verification email again, to an account not yet verified (answered alike otherwise). */
  async resendVerification(emailInput: string): Promise<void> {
    const user = await this.dataSource.getRepository(User).findOneBy({ email: normalizeEmail(emailInput) });
    if (!user || user.emailVerifiedAt || !(await this.withinEmailLimit(user.id))) return;
    await this.emails.enqueue(this.dataSource.manager, { kind: 'verify_email', userId: user.id });
  }

  async requestPasswordReset(emailInput: string): Promise<void> {
    const user = await this.dataSource.getRepository(User).findOneBy({ email: normalizeEmail(emailInput) });
    if (!user || !(await this.withinEmailLimit(user.id))) return;
    await this.emails.enqueue(this.dataSource.manager, { kind: 'password_reset', userId: user.id });
  }

  /** A new password from a reset link: every session of the user ends, and the email counts as verified (the link reached it). */
  async resetPassword(token: string, password: string, ipAddress: string | null): Promise<void> {
    if (password.length > MAX_PASSWORD_LENGTH * 4) throw PlatformException.validation({ password: [`password must be at most ${MAX_PASSWORD_LENGTH} characters long`] });
    const link = await this.dataSource.getRepository(AccountLink).findOneBy({ kind: 'password_reset', tokenHash: tokenHash(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    if (!link) throw new PlatformException('ACCOUNT_LINK_INVALID');
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: link.userId });
    assertAcceptablePassword(password, { email: user.email, name: user.name });
    const passwordHash = await hashPassword(password);
    const ended = await this.transactions.run(async (manager) => {
      await this.useLink(manager, 'password_reset', token);
      await manager.update(User, { id: user.id }, { passwordHash, passwordChangedAt: new Date(), emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
      await this.audit.record(manager, { userId: user.id, email: user.email, ipAddress }, { organizationId: null, action: 'password.reset' });
      return this.sessions.endAll(manager, user.id);
    });
    for (const id of ended) this.identity.endedSession(id);
  }

  /**
   * Signs in. Every attempt counts as a failure of its client address and of the account before
   * the password is checked, in one atomic step, and gives that back when it is right (as the
   * token exchange does): an address at its limit is refused without a check; an account at its
   * limit still takes its right password from an address within its limit, so that guessing at
   * someone's account cannot lock its owner out. A right password for an email not verified is
   * EMAIL_NOT_VERIFIED (only the password's holder learns it).
   */
  async signIn(emailInput: string, password: string, origin: SessionOrigin & { ip: string }): Promise<SignedIn> {
    const email = normalizeEmail(emailInput);
    const window = this.env.TOKEN_FAILURE_WINDOW_SECONDS;
    const counters = [
      { key: `login-fail:ip:${normalizeIp(origin.ip)}`, limit: this.env.LOGIN_FAILURES_PER_ADDRESS },
      { key: `login-fail:account:${createHash('sha256').update(email).digest('base64url')}`, limit: this.env.LOGIN_FAILURES_PER_ACCOUNT },
    ];
    const counted = await this.store.countWithinLimits(counters, window * 1000);
    if (counted === 0) throw PlatformException.tooManyRequests(window);
    const countedKeys = counters.slice(0, counted).map((counter) => counter.key);
    let user: User | null;
    let matches: boolean;
    try {
      user = password.length > MAX_PASSWORD_LENGTH ? null : await this.dataSource.getRepository(User).findOneBy({ email });
      matches = await passwordMatches(password, user?.passwordHash ?? null);
    } catch (error) {
      // a check that could not be made is no failure of the caller's
      await this.store.releaseCounts(countedKeys);
      throw error;
    }
    if (!matches || !user) {
      if (counted < counters.length) throw PlatformException.tooManyRequests(window);
      throw new PlatformException('INVALID_CREDENTIALS');
    }
    await this.store.releaseCounts(countedKeys);
    if (!user.emailVerifiedAt) throw new PlatformException('EMAIL_NOT_VERIFIED');
    const signedIn = user;
    return this.transactions.run(async (manager) => {
      const { session, token } = await this.sessions.create(manager, signedIn.id, origin);
      await this.audit.record(manager, { userId: signedIn.id, email: signedIn.email, ipAddress: origin.ipAddress }, { organizationId: null, action: 'session.created', targetType: 'session', targetId: session.id, data: { userAgent: origin.userAgent } });
      return { user: signedIn, session, token };
    });
  }

  async signOut(userId: string, sessionId: string): Promise<void> {
    await this.transactions.run((manager) => this.sessions.end(manager, userId, sessionId));
    this.identity.endedSession(sessionId);
  }

  async endSession(actor: Actor & { userId: string }, sessionId: string): Promise<void> {
    const ended = await this.transactions.run(async (manager) => {
      const done = await this.sessions.end(manager, actor.userId, sessionId);
      if (done) await this.audit.record(manager, actor, { organizationId: null, action: 'session.revoked', targetType: 'session', targetId: sessionId });
      return done;
    });
    if (!ended) throw new PlatformException('SESSION_NOT_FOUND');
    this.identity.endedSession(sessionId);
  }

  /** A new password, given the current one: the user's other sessions end. */
  async changePassword(actor: Actor & { userId: string }, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: actor.userId });
    if (currentPassword.length > MAX_PASSWORD_LENGTH || !(await passwordMatches(currentPassword, user.passwordHash))) throw new PlatformException('INVALID_CREDENTIALS');
    assertAcceptablePassword(newPassword, { email: user.email, name: user.name }, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.transactions.run(async (manager) => {
      await manager.update(User, { id: user.id }, { passwordHash, passwordChangedAt: new Date() });
      await this.audit.record(manager, actor, { organizationId: null, action: 'password.changed' });
      return this.sessions.endAll(manager, user.id, sessionId);
    });
    for (const id of ended) this.identity.endedSession(id);
  }

  async me(userId: string): Promise<{ user: User; organizations: Array<{ organization: Organization; role: Membership['role'] }> }> {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    const memberships = await this.dataSource.getRepository(Membership).find({ where: { userId }, order: { createdAt: 'ASC' } });
    const organizations = memberships.length ? await this.dataSource.getRepository(Organization).findByIds(memberships.map((m) => m.organizationId)) : [];
    const byId = new Map(organizations.map((organization) => [organization.id, organization]));
    return { user, organizations: memberships.filter((m) => byId.has(m.organizationId)).map((m) => ({ organization: byId.get(m.organizationId)!, role: m.role })) };
  }

  /** Uses a one-time link: its user, or ACCOUNT_LINK_INVALID when it is unknown, used or expired. */
  private async useLink(manager: EntityManager, kind: AccountLinkKind, token: string): Promise<{ userId: string }> {
    const [rows]: [Array<{ user_id: string }>, number] = await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, AccountLink)} SET "used_at" = now() WHERE "kind" = $1 AND "token_hash" = $2 AND "used_at" IS NULL AND "expires_at" > now() RETURNING "user_id"`,
      [kind, tokenHash(token)],
    );
    if (!rows[0]) throw new PlatformException('ACCOUNT_LINK_INVALID');
    return { userId: rows[0].user_id };
  }

  private async withinEmailLimit(userId: string): Promise<boolean> {
    return (await this.store.countWithinLimits([{ key: `account-email:${userId}`, limit: EMAILS_PER_HOUR }], 3600_000)) === 1;
  }
}
