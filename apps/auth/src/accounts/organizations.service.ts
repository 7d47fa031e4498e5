import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { Environment, OrganizationRole, PlatformException, randomToken, roleAtLeast, SessionPrincipal } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { Invitation, Membership, User } from './account.entities';
import { AccountEmails, LINK_LIFETIME_MS } from './account-emails';
import { Actor, AuditService } from './audit.service';
import { normalizeEmail } from './accounts.service';
import { tokenHash } from './sessions.service';

/**
 * The organization a person acts on, as the gateway's session token names it, and their role in
 * it: another organization than the path's is a bad session; no role is not a member; a role below
 * `least` is not allowed (INSUFFICIENT_SCOPE).
 */
export function requireRole(session: SessionPrincipal, organizationId: string, least: OrganizationRole): OrganizationRole {
  if (session.organizationId !== organizationId.toLowerCase()) throw new PlatformException('GATEWAY_AUTH_INVALID', { reason: 'organization' });
  if (!session.role) throw new PlatformException('NOT_AN_ORGANIZATION_MEMBER');
  if (!roleAtLeast(session.role, least))
    throw new PlatformException('INSUFFICIENT_SCOPE', {
      reason: 'role',
      params: { scope: `role:${least}`, role: least },
      details: { requiredRole: least, role: session.role },
    });
  return session.role;
}

/** The window of the invitation limits: any 24 hours. */
const INVITATION_WINDOW_MS = 24 * 3600_000;

export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: OrganizationRole;
  joinedAt: Date;
}

/** Organizations as people see them: membership, roles and invitations. */
@Injectable()
export class OrganizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly emails: AccountEmails,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  async create(actor: Actor & { userId: string }, name: string): Promise<Organization> {
    return this.transactions.run(async (manager) => {
      await this.withinOrganizationLimit(manager, actor.userId);
      const organization = await manager.save(
        manager.create(Organization, { name: name.trim(), plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null }),
      );
      await manager.insert(Membership, { organizationId: organization.id, userId: actor.userId, role: 'owner' });
      await this.audit.record(manager, actor, {
        organizationId: organization.id,
        action: 'organization.created',
        targetType: 'organization',
        targetId: organization.id,
        data: { name: organization.name },
      });
      return organization;
    });
  }

  get(organizationId: string): Promise<Organization> {
    return this.dataSource.getRepository(Organization).findOneByOrFail({ id: organizationId });
  }

  async members(organizationId: string): Promise<MemberView[]> {
    const rows = await this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .select(['m.userId AS "userId"', 'u.email AS email', 'u.name AS name', 'm.role AS role', 'm.createdAt AS "joinedAt"'])
      .where('m.organizationId = :organizationId', { organizationId })
      .orderBy('m.createdAt', 'ASC')
      .limit(1000)
      .getRawMany<MemberView>();
    return rows;
  }

  /**
   * Changes a member's role. Only an owner makes or unmakes owners; an admin changes the others.
   * The last owner keeps the role.
   */
  async changeRole(
    actor: Actor & { userId: string },
    actorRole: OrganizationRole,
    organizationId: string,
    userId: string,
    role: OrganizationRole,
  ): Promise<MemberView> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockedMember(manager, organizationId, userId);
      if ((member.role === 'owner' || role === 'owner') && actorRole !== 'owner') throw ownerOnly();
      if (member.role === 'owner' && role !== 'owner') await this.keepAnOwner(manager, organizationId);
      await manager.update(Membership, { organizationId, userId }, { role });
      await this.audit.record(manager, actor, {
        organizationId,
        action: 'member.role_changed',
        targetType: 'user',
        targetId: userId,
        data: { from: member.role, to: role },
      });
    });
    return (await this.members(organizationId)).find((member) => member.userId === userId)!;
  }

  /** Removes a member (or the actor leaves). An admin removes non-owners; an owner anyone; the last owner stays. */
  async remove(actor: Actor & { userId: string }, actorRole: OrganizationRole, organizationId: string, userId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const member = await this.lockedMember(manager, organizationId, userId);
      const leaving = userId === actor.userId;
      if (!leaving && !roleAtLeast(actorRole, 'admin'))
        throw new PlatformException('INSUFFICIENT_SCOPE', {
          reason: 'role',
          params: { scope: 'role:admin', role: 'admin' },
          details: { requiredRole: 'admin', role: actorRole },
        });
      if (!leaving && member.role === 'owner' && actorRole !== 'owner') throw ownerOnly();
      if (member.role === 'owner') await this.keepAnOwner(manager, organizationId);
      await manager.delete(Membership, { organizationId, userId });
      await this.audit.record(manager, actor, {
        organizationId,
        action: leaving ? 'member.left' : 'member.removed',
        targetType: 'user',
        targetId: userId,
        data: { role: member.role },
      });
    });
  }

  async invitations(organizationId: string): Promise<Invitation[]> {
    return this.dataSource.getRepository(Invitation).find({
      where: { organizationId, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC' },
      take: 1000,
    });
  }

  async invite(
    actor: Actor & { userId: string },
    actorRole: OrganizationRole,
    organizationId: string,
    emailInput: string,
    role: OrganizationRole,
  ): Promise<Invitation> {
    if (role === 'owner' && actorRole !== 'owner') throw ownerOnly();
    const email = normalizeEmail(emailInput);
    return this.transactions.run(async (manager) => {
      const already = await manager
        .getRepository(Membership)
        .createQueryBuilder('m')
        .innerJoin(User, 'u', 'u.id = m.userId')
        .where('m.organizationId = :organizationId AND u.email = :email', { organizationId, email })
        .getExists();
      if (already) throw new PlatformException('ALREADY_A_MEMBER');
      await this.withinInvitationLimits(manager, organizationId, email);
      // a pending invitation to the same address is replaced: one link works at a time
      await manager.update(Invitation, { organizationId, email, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: new Date() });
      const invitation = await manager.save(
        manager.create(Invitation, {
          organizationId,
          email,
          role,
          invitedBy: actor.userId,
          tokenHash: tokenHash(randomToken(32)),
          expiresAt: new Date(Date.now() + LINK_LIFETIME_MS.invitation),
          acceptedAt: null,
          revokedAt: null,
        }),
      );
      await this.audit.record(manager, actor, {
        organizationId,
        action: 'member.invited',
        targetType: 'invitation',
        targetId: invitation.id,
        data: { email, role },
      });
      await this.emails.enqueue(manager, { kind: 'invitation', invitationId: invitation.id });
      return invitation;
    });
  }

  async revokeInvitation(actor: Actor, organizationId: string, invitationId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const result = await manager.update(
        Invitation,
        { id: invitationId, organizationId, acceptedAt: IsNull(), revokedAt: IsNull() },
        { revokedAt: new Date() },
      );
      if (!result.affected) throw new PlatformException('INVITATION_NOT_FOUND');
      await this.audit.record(manager, actor, { organizationId, action: 'invitation.revoked', targetType: 'invitation', targetId: invitationId });
    });
  }

  /** Accepts an invitation for the signed-in user, whose email must be the one invited. */
  async accept(actor: Actor & { userId: string }, token: string): Promise<{ organization: Organization; role: OrganizationRole }> {
    return this.transactions.run(async (manager) => {
      const invitation = await manager.findOne(Invitation, {
        where: { tokenHash: tokenHash(token), acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!invitation) throw new PlatformException('ACCOUNT_LINK_INVALID');
      const user = await manager.findOneByOrFail(User, { id: actor.userId });
      if (user.email !== invitation.email) throw new PlatformException('ACCOUNT_LINK_INVALID', { reason: 'otherEmail' });
      if (!(await manager.existsBy(Membership, { organizationId: invitation.organizationId, userId: user.id })))
        await this.withinOrganizationLimit(manager, user.id);
      await manager
        .createQueryBuilder()
        .insert()
        .into(Membership)
        .values({ organizationId: invitation.organizationId, userId: user.id, role: invitation.role })
        .orIgnore()
        .execute();
      await manager.update(Invitation, { id: invitation.id }, { acceptedAt: new Date() });
      // a verified address: the invitation reached it
      if (!user.emailVerifiedAt) await manager.update(User, { id: user.id }, { emailVerifiedAt: new Date() });
      await this.audit.record(manager, actor, {
        organizationId: invitation.organizationId,
        action: 'member.joined',
        targetType: 'user',
        targetId: user.id,
        data: { role: invitation.role, invitationId: invitation.id },
      });
      const organization = await manager.findOneByOrFail(Organization, { id: invitation.organizationId });
      return { organization, role: invitation.role };
    });
  }

  /**
   * Refuses a membership past ORGANIZATIONS_PER_USER, created or joined, under a lock of the
   * person's memberships held until the transaction ends: concurrent creations (or acceptances)
   * at the limit cannot both pass. The limit also bounds the audit entries a sign-in writes.
   */
  private async withinOrganizationLimit(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`memberships:${userId}`]);
    const limit = this.env.ORGANIZATIONS_PER_USER;
    if ((await manager.countBy(Membership, { userId })) >= limit)
      throw new PlatformException('ORGANIZATION_LIMIT_REACHED', { params: { limit }, details: { limit } });
  }

  /**
   * Refuses an invitation past INVITATIONS_PER_ORGANIZATION_PER_DAY or
   * INVITATIONS_PER_RECIPIENT_PER_DAY (the address's, from every organization), counted from the
   * invitations themselves over the last 24 hours, revoked and replaced ones included (each sent
   * an email). The table rather than a rate-limit counter: the count is exact, the same for every
   * replica and after a restart, and the oldest invitation counted says when the next may go
   * (Retry-After). Both are locked until the transaction ends, so that concurrent invitations are
   * counted one after the other.
   */
  private async withinInvitationLimits(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`invitations:organization:${organizationId}`]);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`invitations:recipient:${email}`]);
    await this.withinInvitationLimit(manager, { organizationId }, this.env.INVITATIONS_PER_ORGANIZATION_PER_DAY);
    await this.withinInvitationLimit(manager, { email }, this.env.INVITATIONS_PER_RECIPIENT_PER_DAY, 'recipient');
  }

  private async withinInvitationLimit(
    manager: EntityManager,
    sentBy: { organizationId: string } | { email: string },
    limit: number,
    reason?: 'recipient',
  ): Promise<void> {
    const since = new Date(Date.now() - INVITATION_WINDOW_MS);
    const latest = await manager.find(Invitation, {
      select: { id: true, createdAt: true },
      where: { ...sentBy, createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
    if (latest.length < limit) return;
    // the next may go when the oldest of the last `limit` leaves the window
    const retryAfter = Math.max(1, Math.ceil((latest[limit - 1].createdAt.getTime() + INVITATION_WINDOW_MS - Date.now()) / 1000));
    throw new PlatformException('INVITATION_LIMIT_REACHED', {
      reason,
      params: { limit, retryAfter },
      details: { limit, retryAfterSeconds: retryAfter },
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  private async lockedMember(manager: EntityManager, organizationId: string, userId: string): Promise<Membership> {
    const member = await manager.findOne(Membership, { where: { organizationId, userId }, lock: { mode: 'pessimistic_write' } });
    if (!member) throw new PlatformException('MEMBER_NOT_FOUND');
    return member;
  }

  /** Refuses when the organization would be left without an owner (owners' rows locked: two owners demoting each other at once cannot both pass). */
  private async keepAnOwner(manager: EntityManager, organizationId: string): Promise<void> {
    const owners = await manager.find(Membership, { where: { organizationId, role: 'owner' }, lock: { mode: 'pessimistic_write' } });
    if (owners.length <= 1) throw new PlatformException('ORGANIZATION_LAST_OWNER');
  }
}

function ownerOnly(): PlatformException {
  return new PlatformException('INSUFFICIENT_SCOPE', { reason: 'role', params: { scope: 'role:owner', role: 'owner' }, details: { requiredRole: 'owner' } });
}
