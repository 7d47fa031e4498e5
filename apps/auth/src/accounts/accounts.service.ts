import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OrganizationRole, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { Actor, AuditService } from '../audit/audit.service';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { Organization } from '../organizations/organization.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { Session } from '../sessions/session.entity';
import { SessionOrigin, SessionsService, tokenHash } from '../sessions/sessions.service';
import { AccountEmails } from './account-emails.service';
import { AccountLinkKind } from './account-link.entity';
import { AccountsRepository } from './accounts.repository';
import { DeviceCookies } from './device-cookies.service';
import { EmailLimits, normalizeEmail } from './email-limits.service';
import { assertAcceptablePassword, hashPassword, MAX_PASSWORD_LENGTH } from './passwords';
import { addressCaller, PasswordAttempt, SignInLimits } from './sign-in-limits.service';
import { SignUpsService } from './sign-ups.service';
import { User } from './user.entity';

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
    private readonly repository: AccountsRepository,
    private readonly organizations: OrganizationsRepository,
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
    const user = existing(await this.repository.findUser(actor.userId));
    const caller = `user:${user.id}`;
    const checked = await this.limits.check(user.email, currentPassword, { ...attempt, caller }, async () => ({
      userId: user.id,
      passwordHash: user.passwordHash,
    }));
    if (!checked) throw new PlatformException('INVALID_CREDENTIALS');
    assertAcceptablePassword(newPassword, { email: user.email, name: user.name }, 'newPassword');
    const passwordHash = await hashPassword(newPassword, caller);
    const ended = await this.transactions.run(async (manager) => {
      await this.repository.updatePassword(user.id, passwordHash, manager);
      await this.audit.record(manager, actor, { organizationId: null, action: 'password.changed' });
      await this.endLinks(manager, user.id);
      return this.sessions.endAll(manager, user.id, sessionId);
    });
    for (const id of ended) this.identity.endedSession(id);
  }

  async requestPasswordReset(emailInput: string): Promise<void> {
    const user = await this.signUps.verifiedUser(normalizeEmail(emailInput));
    if (!user || !(await this.emailLimits.allow(user.email))) return;
    await this.emails.enqueue({ kind: 'password_reset', userId: user.id });
  }

  /** A new password from a reset link: every session of the user ends, and so does every other link emailed to the account. */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    if (password.length > MAX_PASSWORD_LENGTH * 4)
      throw PlatformException.validation({ password: [`password must be at most ${MAX_PASSWORD_LENGTH} characters long`] });
    const link = await this.repository.findLiveLinkAcrossAccounts('password_reset', tokenHash(token));
    if (!link) throw new PlatformException('ACCOUNT_LINK_INVALID');
    const user = await this.repository.findVerifiedUser(link.userId);
    if (!user) throw new PlatformException('ACCOUNT_LINK_INVALID');
    assertAcceptablePassword(password, { email: user.email, name: user.name });
    const passwordHash = await hashPassword(password, addressCaller(ip));
    const ended = await this.transactions.run(async (manager) => {
      await this.useLink(manager, 'password_reset', token);
      await this.repository.updatePassword(user.id, passwordHash, manager);
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
    await this.emails.enqueue({ kind: 'unlock', userId: user.id });
  }

  /** Uses an unlock link: the account's failures are cleared, and the browser that opened it gets a device cookie of the account. */
  async unlock(token: string): Promise<{ deviceCookie: string }> {
    const user = await this.transactions.run(async (manager) => {
      const { userId } = await this.useLink(manager, 'unlock', token);
      return existing(await this.repository.findUser(userId, manager));
    });
    await this.limits.clear(user.email);
    return { deviceCookie: this.devices.issue(user.id) };
  }

  async me(userId: string): Promise<{ user: User; organizations: Array<{ organization: Organization; role: OrganizationRole }> }> {
    const user = existing(await this.repository.findUser(userId));
    return { user, organizations: await this.organizations.listUserOrganizations(userId) };
  }

  /**
   * Uses a one-time link: its user, or ACCOUNT_LINK_INVALID when it is unknown, used or expired.
   * The account's other unused links of the kind end with it: one works at a time.
   */
  private async useLink(manager: EntityManager, kind: AccountLinkKind, token: string): Promise<{ userId: string }> {
    const userId = await this.repository.useLinkAcrossAccounts(kind, tokenHash(token), manager);
    if (!userId) throw new PlatformException('ACCOUNT_LINK_INVALID');
    await this.endLinks(manager, userId, kind);
    return { userId };
  }

  /** Ends the account's links not used yet (of one kind, or every kind: a new password ends them all). */
  private async endLinks(manager: EntityManager, userId: string, kind?: AccountLinkKind): Promise<void> {
    await this.repository.endLinks(userId, kind, manager);
  }
}

/** An account a session or a link named: it exists. */
function existing(user: User | null): User {
  if (!user) throw new Error('the account is gone');
  return user;
}
