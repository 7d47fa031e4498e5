import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { qualifiedTable, Transactions } from '@platform/data';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { Organization } from '../organizations/organization.entity';
import { AccountLink, AccountLinkKind, Membership, Session, User } from './account.entities';
import { AccountEmails } from './account-emails';
import { Actor, AuditService } from './audit.service';
import { DeviceCookies } from './device-cookies';
import { EmailLimits, normalizeEmail } from './email-limits';
import { assertAcceptablePassword, hashPassword, MAX_PASSWORD_LENGTH } from './passwords';
import { SessionOrigin, SessionsService, tokenHash } from './sessions.service';
import { addressCaller, PasswordAttempt, SignInLimits } from './sign-in-limits';
import { SignUpsService } from './sign-ups.service';

export { normalizeEmail };

export interface SignedIn {
  user: User;
  session: Session;
  /** the cookie's value, set once */
  token: string;
  /** the device cookie's new value: this browser is known to the account from now on */
  deviceCookie: string;
}

/**
 * People's accounts once made (sign-ups are SignUpsService's): sign-in under the failure limits,
 * the emailed unlock of an account at its limit, password reset and change. Only verified
 * accounts count: one an earlier release left unverified is treated as absent. Answers never
 * tell whether an email has an account: reset and unlock answer alike either way, and a wrong
 * email costs the time a wrong password does.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly sessions: SessionsService,
    private readonly emails: AccountEmails,
    private readonly emailLimits: EmailLimits,
    private readonly audit: AuditService,
    private readonly limits: SignInLimits,
    private readonly devices: DeviceCookies,
    private readonly signUps: SignUpsService,
    private readonly identity: LocalIdentitySource,
  ) {}

  /**
   * Signs in, under the failure limits (SignInLimits). A right password of a sign-up not verified
   * yet (its newest) is EMAIL_NOT_VERIFIED: only the password's holder learns it.
   */
  async signIn(emailInput: string, password: string, origin: SessionOrigin & { ip: string; deviceCookie?: string }): Promise<SignedIn> {
    const email = normalizeEmail(emailInput);
    const attempt: PasswordAttempt = { ip: origin.ip, deviceCookie: origin.deviceCookie, caller: addressCaller(origin.ip) };
    const holder = await this.limits.check(email, password, attempt, async () => {
      const user = await this.signUps.verifiedUser(email);
      if (user) return { userId: user.id, passwordHash: user.passwordHash, user };
      const pending = await this.signUps.newest(email);
      return pending ? { userId: null, passwordHash: pending.passwordHash, user: null } : null;
    });
    if (!holder) throw new PlatformException('INVALID_CREDENTIALS');
    if (!holder.user) throw new PlatformException('EMAIL_NOT_VERIFIED');
    const user = holder.user;
    return this.transactions.run(async (manager) => {
      const { session, token } = await this.sessions.create(manager, user.id, origin);
      await this.audit.record(
        manager,
        { userId: user.id, email: user.email, ipAddress: origin.ipAddress },
        { organizationId: null, action: 'session.created', targetType: 'session', targetId: session.id, data: { userAgent: origin.userAgent } },
      );
      return { user, session, token, deviceCookie: this.devices.issue(user.id) };
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

  /**
   * A new password, given the current one: the user's other sessions end, and so does every link
   * emailed to the account and not used yet. A wrong current password counts as a failed sign-in
   * of the account and of the client's address (and the account's limit applies as at sign-in),
   * and the user has at most a couple of password checks in the hashing queue at once.
   */
  async changePassword(
    actor: Actor & { userId: string },
    sessionId: string,
    currentPassword: string,
    newPassword: string,
    attempt: { ip: string; deviceCookie?: string },
  ): Promise<void> {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: actor.userId });
    const caller = `user:${user.id}`;
    const checked = await this.limits.check(user.email, currentPassword, { ...attempt, caller }, async () => ({
      userId: user.id,
      passwordHash: user.passwordHash,
    }));
    if (!checked) throw new PlatformException('INVALID_CREDENTIALS');
    assertAcceptablePassword(newPassword, { email: user.email, name: user.name }, 'newPassword');
    const passwordHash = await hashPassword(newPassword, caller);
    const ended = await this.transactions.run(async (manager) => {
      await manager.update(User, { id: user.id }, { passwordHash, passwordChangedAt: new Date() });
      await this.audit.record(manager, actor, { organizationId: null, action: 'password.changed' });
      await this.endLinks(manager, user.id);
      return this.sessions.endAll(manager, user.id, sessionId);
    });
    for (const id of ended) this.identity.endedSession(id);
  }

  async requestPasswordReset(emailInput: string): Promise<void> {
    const user = await this.signUps.verifiedUser(normalizeEmail(emailInput));
    if (!user || !(await this.emailLimits.allow(user.email))) return;
    await this.emails.enqueue(this.dataSource.manager, { kind: 'password_reset', userId: user.id });
  }

  /** A new password from a reset link: every session of the user ends, and so does every other link emailed to the account. */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    if (password.length > MAX_PASSWORD_LENGTH * 4)
      throw PlatformException.validation({ password: [`password must be at most ${MAX_PASSWORD_LENGTH} characters long`] });
    const link = await this.dataSource
      .getRepository(AccountLink)
      .findOneBy({ kind: 'password_reset', tokenHash: tokenHash(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    if (!link) throw new PlatformException('ACCOUNT_LINK_INVALID');
    const user = await this.dataSource.getRepository(User).findOneBy({ id: link.userId, emailVerifiedAt: Not(IsNull()) });
    if (!user) throw new PlatformException('ACCOUNT_LINK_INVALID');
    assertAcceptablePassword(password, { email: user.email, name: user.name });
    const passwordHash = await hashPassword(password, addressCaller(ip));
    const ended = await this.transactions.run(async (manager) => {
      await this.useLink(manager, 'password_reset', token);
      await manager.update(User, { id: user.id }, { passwordHash, passwordChangedAt: new Date() });
      await this.audit.record(manager, { userId: user.id, email: user.email, ipAddress: ip }, { organizationId: null, action: 'password.reset' });
      await this.endLinks(manager, user.id);
      return this.sessions.endAll(manager, user.id);
    });
    for (const id of ended) this.identity.endedSession(id);
  }

  /** Emails an unlock link to the owner of an account at its failure limit (answered alike otherwise). */
  async requestUnlock(emailInput: string): Promise<void> {
    const user = await this.signUps.verifiedUser(normalizeEmail(emailInput));
    if (!user || !(await this.limits.atLimit(user.email)) || !(await this.emailLimits.allow(user.email))) return;
    await this.emails.enqueue(this.dataSource.manager, { kind: 'unlock', userId: user.id });
  }

  /** Uses an unlock link: the account's failures are cleared, and the browser that opened it gets a device cookie of the account. */
  async unlock(token: string): Promise<{ deviceCookie: string }> {
    const user = await this.transactions.run(async (manager) => {
      const { userId } = await this.useLink(manager, 'unlock', token);
      return manager.findOneByOrFail(User, { id: userId });
    });
    await this.limits.clear(user.email);
    return { deviceCookie: this.devices.issue(user.id) };
  }

  async me(userId: string): Promise<{ user: User; organizations: Array<{ organization: Organization; role: Membership['role'] }> }> {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    const memberships = await this.dataSource.getRepository(Membership).find({ where: { userId }, order: { createdAt: 'ASC' } });
    const organizations = memberships.length ? await this.dataSource.getRepository(Organization).findByIds(memberships.map((m) => m.organizationId)) : [];
    const byId = new Map(organizations.map((organization) => [organization.id, organization]));
    return {
      user,
      organizations: memberships.filter((m) => byId.has(m.organizationId)).map((m) => ({ organization: byId.get(m.organizationId)!, role: m.role })),
    };
  }

  /**
   * Uses a one-time link: its user, or ACCOUNT_LINK_INVALID when it is unknown, used or expired.
   * The account's other unused links of the kind end with it: one works at a time.
   */
  private async useLink(manager: EntityManager, kind: AccountLinkKind, token: string): Promise<{ userId: string }> {
    const [rows]: [Array<{ user_id: string }>, number] = await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, AccountLink)} SET "used_at" = now() WHERE "kind" = $1 AND "token_hash" = $2 AND "used_at" IS NULL AND "expires_at" > now() RETURNING "user_id"`,
      [kind, tokenHash(token)],
    );
    if (!rows[0]) throw new PlatformException('ACCOUNT_LINK_INVALID');
    await this.endLinks(manager, rows[0].user_id, kind);
    return { userId: rows[0].user_id };
  }

  /** Ends the account's links not used yet (of one kind, or every kind: a new password ends them all). */
  private async endLinks(manager: EntityManager, userId: string, kind?: AccountLinkKind): Promise<void> {
    await manager.query(
      `UPDATE ${qualifiedTable(this.dataSource, AccountLink)} SET "expires_at" = now() WHERE "user_id" = $1 AND "used_at" IS NULL AND "expires_at" > now() AND ($2::varchar IS NULL OR "kind" = $2)`,
      [userId, kind ?? null],
    );
  }
}
